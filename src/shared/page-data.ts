import type { CurrentUser } from './schemas/account';
import type { BannerNotification } from './schemas/admin';

/**
 * What the server puts into a page of the app for its first screen (src/server/page-data.ts), so
 * the client renders without waiting for these requests (src/client/lib/page-data.ts): the
 * session's user (`null`: none), in the signed-in area the banners of the page's project
 * (`rootUnitId`) or of the user's sales organisation, and answers of API reads by their path (the
 * unit a details or order page shows first).
 */
export type PageData = {
  user?: CurrentUser | null;
  banners?: { rootUnitId: number | null; items: BannerNotification[] };
  answers?: Record<string, unknown>;
};

/** The id of the JSON script element that carries it (never executed: CSP `script-src 'self'` holds). */
export const PAGE_DATA_ELEMENT_ID = 'planport-page-data';
