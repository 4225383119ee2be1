/**
 * A tenant's brand colour: the colour of the browser's chrome (web app manifest `theme_color`,
 * `<meta name="theme-color">`) for its signed-in users. Browsers draw the tab strip, the status
 * bar of an installed app and their own white text and icons on it, so a colour must carry white
 * text at 4.5:1 (WCAG 2.x, normal text).
 */

/** The product's colour, for pages without a signed-in user and tenants without their own. */
export const DEFAULT_THEME_COLOR = '#0b7285';

/** Least contrast of white text on the brand colour. */
export const MIN_BRAND_CONTRAST = 4.5;

/** `#rrggbb` only: no short form, no alpha, no names (the manifest and every browser read it alike). */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Relative luminance (WCAG 2.x) of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of white text on a `#rrggbb` colour (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** The colour of the browser's chrome: the tenant's when it has one, else the product's. */
export function themeColorOf(brandColor: string | null | undefined): string {
  return brandColor ?? DEFAULT_THEME_COLOR;
}
