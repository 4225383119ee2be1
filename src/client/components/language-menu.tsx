import { lazy, Suspense } from 'react';
import type { Language } from '../../shared/schemas/common';
import { useAfterFirstScreen } from '../lib/first-screen';
import { LanguageButton } from './language-button';

// The menu (popover and its positioning code) loads once the first screen is up (or when the
// pointer reaches the button); until then the same button is shown, marked as not yet usable.
const LanguageMenuPopup = lazy(async () => ({ default: (await import('./language-menu-popup')).LanguageMenuPopup }));

/** Switches the interface language at once; the profile stores it for the account. */
export function LanguageMenu({ onChange }: { onChange?: (language: Language) => void }) {
  const [ready, loadNow] = useAfterFirstScreen();
  const placeholder = <LanguageButton aria-disabled onPointerEnter={loadNow} />;
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenuPopup onChange={onChange} />
    </Suspense>
  );
}
