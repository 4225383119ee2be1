/**
 * The pages of the client, as one table for the client's router (src/client/app/router.tsx takes
 * its paths from here) and for the server, which serves every page (src/server/platform/http/
 * static-client.ts): which pages come with a first screen rendered on the server, and which code
 * and styles a page opened directly loads at once, announced with the page so they load beside the
 * entry instead of after it has run. A test holds the router and this table to the same paths.
 */
export type Page = {
  /** The address as the router writes it: `:name` is one segment, a number when the name ends in `Id`. */
  path: string;
  /** The server renders its first screen for a visitor with (`signedIn`) or without (`signedOut`) a session. */
  firstScreen?: 'signedIn' | 'signedOut';
  /** Sources of the code the page loads lazily in its first render (the page, lazy parts it shows at once). */
  lazy?: readonly string[];
  /** The page waits for Mantine's styles beyond the first screen's (every lazily loaded page does). */
  laterStyles?: boolean;
};

/** The signed-in area: the shell and the pages inside it. */
export const APP_ROOT = '/home/app';

/** The dashboard's panel of the sales organisation (internal users), shown at once. */
const dashboardLazy = ['src/client/features/dashboard/components/sales-org-panel.tsx'];
/** The details page, with the header's download action of the files feature. */
const detailsLazy = [
  'src/client/features/projects/routes/project-details-page.tsx',
  'src/client/features/files/components/download-files-action.tsx',
];

export const pages = {
  signIn: { path: '/login', firstScreen: 'signedOut' },
  signOut: { path: '/Account/SignOut' },
  imprint: { path: '/imprint' },
  privacy: { path: '/privacy' },
  passwordForgotten: { path: '/password-forgotten' },
  passwordReset: { path: '/password-reset/:token' },
  accountDelete: { path: '/account-delete/:token' },
  invitation: { path: '/invitation/:token' },
  externalRefused: { path: '/login/external-refused' },
  questionnairePrint: { path: '/questionnaire/:rootUnitId' },
  // The shell's own address leads to the dashboard.
  app: { path: APP_ROOT, lazy: dashboardLazy },
  dashboard: { path: `${APP_ROOT}/dash`, firstScreen: 'signedIn', lazy: dashboardLazy },
  profile: { path: `${APP_ROOT}/profile` },
  bannerNotifications: { path: `${APP_ROOT}/admin/banner-notifications` },
  preliminaryDays: { path: `${APP_ROOT}/admin/preliminary-days` },
  users: { path: `${APP_ROOT}/admin/users` },
  companySignIn: { path: `${APP_ROOT}/admin/company-sign-in` },
  filePolicy: { path: `${APP_ROOT}/admin/file-policy` },
  branding: { path: `${APP_ROOT}/admin/branding` },
  outbox: { path: `${APP_ROOT}/admin/outbox` },
  apiTokens: { path: `${APP_ROOT}/admin/api-tokens` },
  webhooks: { path: `${APP_ROOT}/admin/webhooks` },
  catalogues: { path: `${APP_ROOT}/admin/catalogues` },
  currentProjects: { path: `${APP_ROOT}/current-projects-list` },
  closedProjects: { path: `${APP_ROOT}/closed-projects-list` },
  news: { path: `${APP_ROOT}/news` },
  notifications: { path: `${APP_ROOT}/notifications` },
  taskList: { path: `${APP_ROOT}/task-list` },
  outlook: { path: `${APP_ROOT}/outlook` },
  workflows: { path: `${APP_ROOT}/project/workflows` },
  search: { path: `${APP_ROOT}/project/search` },
  help: { path: `${APP_ROOT}/help` },
  helpTopic: { path: `${APP_ROOT}/help/:topic` },
  questionnaire: { path: `${APP_ROOT}/project/details/:rootUnitId/questionnaire` },
  questionnaireOfProject: { path: `${APP_ROOT}/project/questionnaire/:rootUnitId` },
  deliveryOverview: { path: `${APP_ROOT}/project/delivery-overview/:rootUnitId` },
  journal: { path: `${APP_ROOT}/project/details/:rootUnitId/:unitId/journal` },
  projectDetails: {
    path: `${APP_ROOT}/project/details/:rootUnitId`,
    firstScreen: 'signedIn',
    lazy: detailsLazy,
    laterStyles: true,
  },
  unitDetails: {
    path: `${APP_ROOT}/project/details/:rootUnitId/:unitId`,
    firstScreen: 'signedIn',
    lazy: detailsLazy,
    laterStyles: true,
  },
  order: {
    path: `${APP_ROOT}/project/details/:rootUnitId/:unitId/order`,
    firstScreen: 'signedIn',
    lazy: ['src/client/features/orders/routes/order-page.tsx'],
    laterStyles: true,
  },
  orderConfirmation: { path: `${APP_ROOT}/project/details/:rootUnitId/:unitId/order-confirmation` },
  structure: { path: `${APP_ROOT}/project/structure/:rootUnitId` },
  reviewUnits: { path: `${APP_ROOT}/viewer` },
  viewer: { path: `${APP_ROOT}/viewer/:rootId/:unitId/view` },
  memberProfile: { path: `${APP_ROOT}/project/memberprofile/:rootUnitId/:userId` },
} as const satisfies Record<string, Page>;

export type PageName = keyof typeof pages;
type PagePath = (typeof pages)[PageName]['path'];

/** A page's path below the shell's (`dash` for the dashboard), as the shell's child routes write it. */
export function inApp(page: Page): string {
  if (!page.path.startsWith(`${APP_ROOT}/`)) throw new Error(`${page.path} is not inside ${APP_ROOT}`);
  return page.path.slice(APP_ROOT.length + 1);
}

/** The expression of a page's path: `…Id` parameters are numbers; a trailing slash is allowed. */
function expressionOf(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const name = segment.slice(1);
    return /id$/i.test(name) ? `(?<${name}>\\d+)` : `(?<${name}>[^/]+)`;
  });
  // Case-insensitive, as the router matches.
  return new RegExp(`^${segments.join('/')}/?$`, 'i');
}

const expressions = Object.entries(pages).map(([name, page]) => ({
  name: name as PageName,
  path: page.path as PagePath,
  page: page as Page,
  expression: expressionOf(page.path),
}));

/** The page of an address (without its query) with the values of its `:name` segments, or undefined where the router has none. */
export function pageOf(
  pathname: string,
): { name: PageName; path: PagePath; page: Page; params: Record<string, string> } | undefined {
  for (const { name, path, page, expression } of expressions) {
    const match = expression.exec(pathname);
    if (match) return { name, path, page, params: { ...match.groups } };
  }
  return undefined;
}

/** The project of a page inside `/home/app/project/` (its `:rootUnitId`, as written), else undefined. */
export function projectOfPage(pathname: string): string | undefined {
  const found = pageOf(pathname);
  return found?.path.startsWith(`${APP_ROOT}/project/`) ? found.params.rootUnitId : undefined;
}

/** The unit a details or order page shows first (its `:unitId`, else its project's), as written; else undefined. */
export function shownUnitOfPage(pathname: string): string | undefined {
  const found = pageOf(pathname);
  if (found?.name !== 'projectDetails' && found?.name !== 'unitDetails' && found?.name !== 'order') return undefined;
  return found.params.unitId ?? found.params.rootUnitId;
}
