import { DEFAULT_THEME_COLOR } from '../../../shared/rules/brand-color';
import type { Branding, brandingInputSchema } from '../../../shared/schemas/branding';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import * as repo from './branding-repository';

const view = (brandColor: string | null): Branding => ({ brandColor, defaultColor: DEFAULT_THEME_COLOR });

/** The own tenant's brand colour (admin area). */
export async function getBranding(ctx: ServiceContext, user: SessionUser): Promise<Branding> {
  const { tenantId } = await requireAccess(ctx.db, user, { permission: 'admin' });
  return view((await repo.findBrandColor(ctx.db, tenantId))?.brand_color ?? null);
}

/**
 * Sets the own tenant's brand colour (format and contrast were checked by the route's schema);
 * its users' browsers take it with their next page or manifest request.
 */
export async function updateBranding(
  ctx: ServiceContext,
  user: SessionUser,
  input: z.output<typeof brandingInputSchema>,
): Promise<Branding> {
  const { tenantId } = await requireAccess(ctx.db, user, { permission: 'admin' });
  await repo.updateBrandColor(ctx.db, tenantId, input.brandColor);
  return view(input.brandColor);
}
