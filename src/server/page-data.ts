import { z } from 'zod';
import { currentUserSchema } from '../shared/schemas/account';
import { bannerSchema } from '../shared/schemas/admin';
import { idParam } from '../shared/schemas/common';
import { projectUnitDetailSchema } from '../shared/schemas/projects';
import { AppError } from '../shared/errors';
import { projectOfPage, shownUnitOfPage } from '../shared/routes';
import type { ServiceContext } from './platform/context';
import type { PageData } from '../shared/page-data';
import type { PageDataReader } from './platform/http/static-client';
import { currentUserOf } from './modules/account/service';
import { listActiveBanners } from './modules/admin/banners-service';
import { getUnitDetail } from './modules/projects/unit-service';

const bannersSchema = z.array(bannerSchema);

/** An id of an address as the API's routes accept it (`idParam`), else undefined. */
function validId(text: string | undefined): number | undefined {
  const id = idParam.safeParse(text ?? '');
  return id.success ? id.data : undefined;
}

/**
 * The root unit of a project page's address, as the client reads it
 * (src/client/components/banner-notifications.tsx): null on other pages, undefined where the id is
 * not one the API accepts (the client's request is refused then, so the page carries no banners).
 */
function rootUnitIdOf(pathname: string): number | null | undefined {
  const root = projectOfPage(pathname);
  return root === undefined ? null : validId(root);
}

/** The unit a details or order page shows first (its header and title come from it), from its address. */
function shownUnitIdOf(pathname: string): number | undefined {
  const shown = shownUnitOfPage(pathname);
  return shown === undefined ? undefined : validId(shown);
}

/** An answer of the service as its route sends it, or nothing where the route would refuse. */
async function answerOf<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}

/**
 * What a page of the app carries for its first screen (static-client.ts): the session's user as
 * `GET /api/account/me` answers it (`null` without a session), and in the signed-in area the
 * banners `GET /api/banner-notifications/active` answers for the page, both through the same
 * services and response schemas. A details or order page also carries the answer to
 * `GET /api/data/{product}/projects/{unit}` of the unit it shows first (`answers`, by the path the
 * client asks). What the route would refuse (a project the user may not read) is left out; the
 * client then asks the API and shows its answer as before.
 */
export function pageDataOf(ctx: ServiceContext): PageDataReader {
  return async (user, pathname) => {
    if (!user) return { user: null };
    const rootUnitId = rootUnitIdOf(pathname);
    const unitId = shownUnitIdOf(pathname);
    const [me, banners, unit] = await Promise.all([
      currentUserOf(ctx, user),
      /^\/home\/app(\/|$)/.test(pathname) && rootUnitId !== undefined
        ? answerOf(async () => bannersSchema.parse(await listActiveBanners(ctx, user, rootUnitId ?? undefined)))
        : undefined,
      unitId !== undefined
        ? answerOf(async () => projectUnitDetailSchema.parse(await getUnitDetail(ctx, user, unitId)))
        : undefined,
    ]);
    const data: PageData = { user: currentUserSchema.parse(me) };
    if (banners) data.banners = { rootUnitId: rootUnitId ?? null, items: banners };
    if (unit) data.answers = { [`/api/data/${ctx.config.productKey}/projects/${unitId}`]: unit };
    return data;
  };
}
