import { z } from 'zod';
import { BRAND_COLOR_PATTERN, contrastWithWhite, MIN_BRAND_CONTRAST } from '../rules/brand-color';

/**
 * The tenant's brand colour as the admin sets it: `#rrggbb` (stored in lower case) on which white
 * text reaches 4.5:1, or null for the product's colour. Messages are i18n keys.
 */
export const brandingInputSchema = z.object({
  brandColor: z
    .string({ error: 'ADMIN.Branding.Errors.Format' })
    // Bounded before the pattern looks at it; one message for a value that fails both.
    .max(7, { error: 'ADMIN.Branding.Errors.Format', abort: true })
    .regex(BRAND_COLOR_PATTERN, 'ADMIN.Branding.Errors.Format')
    .transform((c) => c.toLowerCase())
    .refine((c) => contrastWithWhite(c) >= MIN_BRAND_CONTRAST, 'ADMIN.Branding.Errors.Contrast')
    .nullable(),
});
export type BrandingInput = z.input<typeof brandingInputSchema>;

/** The tenant's brand colour (null: none) and the product's colour used without one. */
export const brandingSchema = z.object({
  brandColor: z.string().nullable(),
  defaultColor: z.string(),
});
export type Branding = z.infer<typeof brandingSchema>;
