import { lazy, Suspense } from 'react';
import type { Language } from '../../shared/schemas/common';
import { LanguageButton } from './language-button';

// The menu (popover and its positioning code) loads after the first screen; until then the
// same button is shown, marked as not yet usable.
const LanguageMenuPopup = lazy(async () => ({ default: (await import('./language-menu-popup')).LanguageMenuPopup }));

/** Switches the interface language at once; the profile stores it for the account. */
export function LanguageMenu({ onChange }: { onChange?: (language: Language) => void }) {
  return (
    <Suspense fallback={<LanguageButton aria-disabled />}>
      <LanguageMenuPopup onChange={onChange} />
    </Suspense>
  );
}
