import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { themeColorOf } from '../../../shared/rules/brand-color';
import { fallbackLanguage, languages } from '../../../shared/schemas/common';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../shared/page-data';
import { sessionCookieName } from '../auth/auth-plugin';
import { findSessionUser, type SessionUser } from '../auth/session';
import type { FirstScreenRenderer } from './first-screen-renderer';
import { markupClasses, prepareSheet, usedCss, type PreparedSheet } from './used-css';
import { jsonForScript, startAfterFirstPaint } from './page-scripts';

const gzipAsync = promisify(zlib.gzip);

const publicI18nDir = path.resolve('public/assets/i18n');
const year = 'public, max-age=31536000, immutable';

/**
 * Code that pages opened directly load lazily in their first render: the pages the client's router
 * loads lazily (src/client/app/router.tsx) and the lazy parts a page shows at once. It is announced
 * with the page (`modulepreload`), so it loads beside the entry instead of after it has run (one
 * round trip later). `laterStyles`: the page waits for Mantine's styles beyond the first screen's
 * (every lazy page does, see `withLaterStyles`). A pattern that no longer fits the router only costs
 * a wasted hint.
 */
const lazyPages: { path: RegExp; sources: string[]; laterStyles: boolean }[] = [
  {
    // The dashboard's panel of the sales organisation (internal users).
    path: /^\/home\/app(?:\/dash)?\/?$/,
    sources: ['src/client/features/dashboard/components/sales-org-panel.tsx'],
    laterStyles: false,
  },
  {
    // The header's download action of the files feature comes with the details page.
    path: /^\/home\/app\/project\/details\/\d+(?:\/\d+)?\/?$/,
    sources: [
      'src/client/features/projects/routes/project-details-page.tsx',
      'src/client/features/files/components/download-files-action.tsx',
    ],
    laterStyles: true,
  },
  {
    path: /^\/home\/app\/project\/details\/\d+\/\d+\/order\/?$/,
    sources: ['src/client/features/orders/routes/order-page.tsx'],
    laterStyles: true,
  },
];

type ManifestChunk = {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
};

/**
 * The manifest key of a page's chunk: its source path, or — when the bundler merged the page's
 * chunk with others and the chunk lost its source — the lazily loaded chunk named after the file.
 */
function pageChunkKey(manifest: Record<string, ManifestChunk>, source: string): string | undefined {
  if (manifest[source]) return source;
  const name = path.basename(source).replace(/\.[cm]?[jt]sx?$/, '');
  return Object.keys(manifest).find((key) => manifest[key]?.isDynamicEntry && manifest[key]?.name === name);
}

/**
 * For each page of `lazyPages`, the `<link>` tags of the chunks (and their style sheets) its lazy
 * code needs beyond the entry's, and of Mantine's styles beyond the first screen's where the page
 * waits for them, read from the Vite manifest of the build; none without a manifest.
 */
export function lazyPageHints(manifest: Record<string, ManifestChunk>): { path: RegExp; tags: string }[] {
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
  };
  const initial = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, initial);
  const initialCss = new Set([...initial].flatMap((key) => manifest[key]?.css ?? []));
  return lazyPages.flatMap(({ path: pagePath, sources, laterStyles: waitsForStyles }) => {
    const keys = new Set<string>();
    for (const source of sources) {
      const key = pageChunkKey(manifest, source);
      if (key) closure(key, keys);
    }
    if (keys.size === 0) return [];
    const own = [...keys].filter((key) => !initial.has(key));
    const css = [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))].filter((file) => !initialCss.has(file));
    const tags = [
      waitsForStyles ? styleSheetHints(manifest, laterStyles) : '',
      ...css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ...own.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file ?? ''}">`),
    ].join('');
    return [{ path: pagePath, tags }];
  });
}

/** The style sheet the entry loads itself before its first screen (src/client/app/styles.ts). */
const startStyles = 'src/client/app/styles.ts';
/** Mantine's styles beyond the first screen's, which every lazy page waits for (src/client/lib/later-styles.ts). */
const laterStyles = 'src/client/lib/later-style-sheets.ts';

/** The preload tags of the style sheets of a chunk of the manifest; empty when it is not there. */
function styleSheetHints(manifest: Record<string, ManifestChunk>, key: string): string {
  const chunk = manifest[key];
  if (!chunk) return '';
  // A chunk of styles only is listed by its style sheet; one with code lists its sheets apart.
  const sheets = [...(chunk.file.endsWith('.css') ? [chunk.file] : []), ...(chunk.css ?? [])];
  return sheets.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`).join('');
}

/**
 * The preload tags of the style sheets the entry requests when it starts (not render-blocking
 * links, so the page's placeholder paints at once): announced with every page so they load beside
 * the code. Empty without a manifest.
 */
export function startStyleHints(manifest: Record<string, ManifestChunk>): string {
  return styleSheetHints(manifest, startStyles);
}

/**
 * The language the client will choose without a stored choice (src/client/lib/i18n.ts): the first
 * supported one the browser asks for, by weight. A regional tag counts for its language (nl-BE → nl).
 */
export function acceptedLanguage(header: string | undefined): string {
  const byLanguage = (header ?? '').replace(/([A-Za-z]+)-[A-Za-z0-9-]+/g, '$1').toLowerCase();
  return negotiate(byLanguage, languages) ?? fallbackLanguage;
}

/** The session's user of a page request (the API resolves it the same way), or null. */
async function sessionUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser | null> {
  const token = request.cookies?.[sessionCookieName(app.config.secureCookies)];
  return token ? await findSessionUser(app.db, token, app.clock.now()) : null;
}

/**
 * The language the client renders the page in: the signed-in user's (the profile's language wins
 * over the browser's, src/client/main.tsx), else the one the browser asks for.
 */
function pageLanguage(user: SessionUser | null, request: FastifyRequest): string {
  return user && (languages as string[]).includes(user.language)
    ? user.language
    : acceptedLanguage(request.headers['accept-language']);
}

/**
 * What the client's first screen would otherwise ask the API for before it renders (the session's
 * user, the page's banners), read for the session of the page request only; the client takes it
 * from the page instead (src/client/lib/page-data.ts). `null` for a session's user means there is
 * none. Wired in app.ts, which knows the modules.
 */
export type PageDataReader = (user: SessionUser | null, pathname: string) => Promise<PageData>;

/**
 * The preload tag of the translation file the client asks for first (in `lang`; the client loads
 * no fallback file), so it travels beside the code instead of after it has run; the build id
 * comes from the page's `planport-build` meta tag. Empty without it.
 */
function translationHints(indexHtml: string, lang: string): string {
  const build = /<meta name="planport-build" content="([^"]+)"/.exec(indexHtml)?.[1];
  if (!build) return '';
  return `<link rel="preload" as="fetch" crossorigin href="/assets/i18n/${lang}.json?v=${encodeURIComponent(build)}">`;
}

function readManifest(clientDir: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return {};
  }
}

/** Translation files are requested with the build id (`?v=…`): such a URL never changes content. */
function i18nCacheControl(res: object): string {
  // `setHeaders` receives the raw response, whose request carries the query string.
  const url = 'req' in res ? ((res as ServerResponse).req?.url ?? '') : '';
  return /[?&]v=[^&]+/.test(url) ? year : 'public, max-age=300';
}

/**
 * Serves the built React client with an SPA fallback, and the translation files.
 * - Assets come precompressed (brotli, gzip; `scripts/lib/compress-client.mjs` writes them at
 *   build time), so no request spends CPU on compressing a file.
 * - Names under `assets/` carry a content hash: cached for a year; `index.html` is revalidated.
 * Unknown /api paths answer 404 in the error shape instead of the page.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  clientDir: string,
  pageData?: PageDataReader,
  firstScreen?: FirstScreenRenderer,
): Promise<void> {
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  if (!hasClient) {
    // Without a build (API tests, `npm run dev:server`), the translation files come from public/.
    await app.register(fastifyStatic, {
      root: publicI18nDir,
      prefix: '/assets/i18n/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('Cache-Control', i18nCacheControl(res)),
    });
    return registerFallback(app, null, pageData);
  }

  const assetsDir = path.join(clientDir, 'assets') + path.sep;
  const i18nDir = path.join(clientDir, 'assets', 'i18n') + path.sep;
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.startsWith(i18nDir)) res.setHeader('Cache-Control', i18nCacheControl(res));
      else res.setHeader('Cache-Control', filePath.startsWith(assetsDir) ? year : 'no-cache');
    },
  });
  const manifest = readManifest(clientDir);
  const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  registerFallback(
    app,
    indexHtml.replace('</head>', `${startStyleHints(manifest)}</head>`),
    pageData,
    lazyPageHints(manifest),
    firstScreen && { renderer: firstScreen, sheets: readStyleSheets(clientDir, manifest) },
  );
}

/**
 * Pages whose first screen the server renders (src/client/server/first-screen.tsx) when it has the
 * page's data: the sign-in page without a session, the dashboard, details and order pages with one.
 */
const firstScreenPages: { path: RegExp; signedIn: boolean }[] = [
  { path: /^\/login\/?$/, signedIn: false },
  { path: /^\/home\/app\/dash\/?$/, signedIn: true },
  { path: /^\/home\/app\/project\/details\/\d+(?:\/\d+)?(?:\/order)?\/?$/, signedIn: true },
];

/** The style sheets of the build by their address (`/assets/….css`), prepared for `usedCss`. */
function readStyleSheets(clientDir: string, manifest: Record<string, ManifestChunk>): Map<string, PreparedSheet> {
  const files = new Set(
    Object.values(manifest).flatMap((c) => [...(c.css ?? []), ...(c.file.endsWith('.css') ? [c.file] : [])]),
  );
  return new Map(
    [...files].map((file) => [`/${file}`, prepareSheet(fs.readFileSync(path.join(clientDir, file), 'utf8'))]),
  );
}

/**
 * The page with its first screen in place of the placeholder of `#root`.
 * - Of the style sheets it announces, the rules the screen's markup can match come inside it, so
 *   the screen paints styled with the page itself, without waiting for another request; the whole
 *   sheets are preloaded after the first paint, and the client adds them before it replaces the
 *   screen with its own. Only the screen's rules: the whole sheets, parsed with the page, held its
 *   first task several times as long.
 * - The app's code (and the whole sheets) load after the screen has been painted
 *   (`startAfterFirstPaint`).
 * - The screen is inert until the client has replaced it with its own (src/client/main.tsx).
 * - The page's language (`lang`) is the screen's, for assistive technology and the browser's
 *   hyphenation alike (the plain page says German whatever the user reads).
 */
export function withFirstScreen(
  page: string,
  screen: string,
  sheets: Map<string, PreparedSheet>,
  language: string,
): string {
  const open = page.indexOf('<div id="root">');
  const close = page.lastIndexOf('</div>', page.indexOf('</body>'));
  if (open < 0 || close < open) return page;
  const inlined = new Set<string>();
  const classes = markupClasses(screen);
  // Inert (not clickable, not focusable, out of the accessibility tree) until the client replaces it.
  const withScreen = `${page.slice(0, open)}<div id="root" data-first-screen inert>${screen}${page.slice(close)}`;
  const withStyles = withScreen.replace(
    /<link rel="preload" as="style" crossorigin href="([^"]+)">/g,
    (tag, href: string) => {
      const sheet = sheets.get(href);
      if (sheet === undefined || inlined.has(href)) return tag;
      inlined.add(href);
      return `<style>${usedCss(sheet, classes).replaceAll('</', '<\\/')}</style>${tag}`;
    },
  );
  return startAfterFirstPaint(withStyles).replace(
    /<html lang="[^"]*"/,
    `<html data-mantine-color-scheme="light" lang="${language}"`,
  );
}

function registerFallback(
  app: FastifyInstance,
  indexHtml: string | null,
  pageData: PageDataReader | undefined,
  hints: { path: RegExp; tags: string }[] = [],
  firstScreen?: { renderer: FirstScreenRenderer; sheets: Map<string, PreparedSheet> },
): void {
  // The page for each lazy page's address, with its hints; every other address gets the plain page.
  const pages = indexHtml
    ? hints.map(({ path: pagePath, tags }) => ({
        path: pagePath,
        html: indexHtml.replace('</head>', `${tags}</head>`),
      }))
    : [];
  app.setNotFoundHandler(async (request, reply) => {
    // `GET /Account/SignOut` opened in the browser is the client's sign-out page (decision 003).
    const signOutPage = request.method === 'GET' && request.url.split('?')[0] === '/Account/SignOut';
    const isApi = request.url.startsWith('/api/') || (request.url.startsWith('/Account/') && !signOutPage);
    if (isApi || request.method !== 'GET' || !indexHtml) throw new AppError('NotFound');
    const pathname = request.url.split('?')[0] ?? '';
    const page = pages.find((p) => p.path.test(pathname))?.html ?? indexHtml;
    const user = await sessionUser(app, request);
    // The page is served without its data should reading it fail: the client then asks the API.
    const data = pageData
      ? await pageData(user, pathname).catch((err: unknown) => {
          request.log.error({ err }, 'page data not read');
          return null;
        })
      : null;
    const script = data
      ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`
      : '';
    // The translation file goes first: the first screen waits for it as for the code, and behind
    // the page's many module requests (six at a time per connection limit) it would arrive last.
    const language = pageLanguage(user, request);
    const translations = translationHints(indexHtml, language);
    const rendersFirstScreen =
      firstScreen && data && firstScreenPages.some((p) => p.path.test(pathname) && p.signedIn === !!user);
    const screen = rendersFirstScreen
      ? await firstScreen.renderer.render({ url: request.url, data, language })
      : undefined;
    const first = /<script type="module"|<link rel="modulepreload"|<\/head>/.exec(page)?.index;
    const withTranslations = first === undefined ? page : `${page.slice(0, first)}${translations}${page.slice(first)}`;
    const withScreen =
      screen && firstScreen
        ? withFirstScreen(withTranslations, screen, firstScreen.sheets, language)
        : withTranslations;
    // Replacement by a function: `$` patterns in the data must stay text. The browser's chrome in
    // the colour of the user's tenant from the first paint (src/client/lib/theme-color.ts follows it).
    const html = withScreen
      .replace('</head>', () => `${script}</head>`)
      .replace(
        /<meta name="theme-color" content="[^"]*"/,
        `<meta name="theme-color" content="${themeColorOf(user?.brandColor)}"`,
      );
    // Compressed here (on the thread pool): the compression of routes does not reach this handler.
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = gzip ? await gzipAsync(html) : html;
    if (gzip) reply.header('Content-Encoding', 'gzip');
    return (
      reply
        .type('text/html; charset=utf-8')
        // A page that carries a user's data is for that browser alone; every page is revalidated.
        .header('Cache-Control', user ? 'private, no-cache' : 'no-cache')
        .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
        .send(body)
    );
  });
}
