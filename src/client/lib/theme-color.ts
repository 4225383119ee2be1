import { useEffect } from 'react';
import { DEFAULT_THEME_COLOR, themeColorOf } from '../../shared/rules/brand-color';

function setThemeColor(color: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = color;
}

/**
 * The browser's chrome in the signed-in user's tenant's brand colour (the server writes it into
 * pages it serves to a session; this follows a sign-in, a change and a sign-out without a reload):
 * the product's colour again once the signed-in area is left.
 */
export function useThemeColor(brandColor: string | null | undefined): void {
  useEffect(() => {
    setThemeColor(themeColorOf(brandColor));
    return () => setThemeColor(DEFAULT_THEME_COLOR);
  }, [brandColor]);
}
