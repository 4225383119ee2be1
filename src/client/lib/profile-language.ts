import { useEffect } from 'react';
import type { Language } from '../../shared/schemas/common';
import { changeLanguage } from './i18n';

/**
 * The profile's language overrides the browser's (DESIGN.md §1) when the signed-in user loads.
 * It is not remembered in the browser, so the sign-in page keeps following the browser or the
 * explicit choice there.
 */
export function useProfileLanguage(language: Language | undefined, userId: number | undefined): void {
  useEffect(() => {
    if (language && userId !== undefined) void changeLanguage(language, false);
  }, [language, userId]);
}
