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
import { pageOf, type PageName } from '../../../shared/routes';
import type { FirstScreenRenderer } from './first-screen-renderer';
import { markupClasses, usedCss, type PreparedSheet } from './used-css';
import { jsonForScript, startList, startTags } from './page-scripts';
import { pageAssets, readManifest, readStyleSheets, type PageAssets } from './page-assets';
import { fillTemplate, readTemplate, type PageTemplate } from './page-template';

const gzipAsync = promisify(zlib.gzip);

const publicI18nDir = path.resolve('public/assets/i18n');
const year = 'public, max-age=31536000, immutable';

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
  const token = request.cookies?.[sessionCookieName(app.ctx.config.secureCookies)];
  return token ? await findSessionUser(app.ctx.db, token, app.ctx.clock.now()) : null;
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
  // Throws when the build's page lacks a region the server fills: the server does not start.
  const template = readTemplate(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'));

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
  registerFallback(
    app,
    template,
    pageData,
    pageAssets(manifest),
    firstScreen && { renderer: firstScreen, sheets: readStyleSheets(clientDir, manifest) },
  );
}

const preload = (as: 'fetch' | 'style', href: string) => `<link rel="preload" as="${as}" crossorigin href="${href}">`;
const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`;

/** What a page carries besides the build's template: its assets, translation file, data and theme colour. */
type PageParts = { assets: PageAssets; translations: string; data: string; theme: string };

/**
 * The page without a first screen: the app's code as the build wrote it, and beside it the page's
 * assets and its data. The translation file goes first: the first screen waits for it as for the
 * code, and behind the page's many module requests (six at a time per connection limit) it would
 * arrive last.
 */
function plainPage(template: PageTemplate, { assets, translations, data, theme }: PageParts): string {
  return fillTemplate(template, {
    theme,
    head: preload('fetch', translations),
    start: [
      template.defaults.start,
      ...assets.styles.map((href) => preload('style', href)),
      ...assets.modules.map(modulePreload),
      data,
    ].join(''),
  });
}

/**
 * The page with its first screen in place of the placeholder of `#root`.
 * - Of the page's style sheets, the rules the screen's markup can match come inside it, so the
 *   screen paints styled with the page itself, without waiting for another request; the whole
 *   sheets are preloaded after the first paint, and the client adds them before it replaces the
 *   screen with its own. Only the screen's rules: the whole sheets, parsed with the page, held its
 *   first task several times as long.
 * - The app's code, the translation file and the whole sheets load after the screen has been
 *   painted: listed for the start script (page-scripts.ts).
 * - The screen is inert until the client has replaced it with its own (src/client/main.tsx).
 * - The page's language (`lang`) is the screen's, for assistive technology and the browser's
 *   hyphenation alike (the plain page says German whatever the user reads).
 */
function firstScreenPage(
  template: PageTemplate,
  { assets, translations, data, theme }: PageParts,
  screen: string,
  sheets: Map<string, PreparedSheet>,
  language: string,
): string {
  const classes = markupClasses(screen);
  const inlined = assets.styles.flatMap((href) => {
    const sheet = sheets.get(href);
    return sheet ? [`<style>${usedCss(sheet, classes).replaceAll('</', '<\\/')}</style>`] : [];
  });
  const list = {
    entry: template.entry,
    modules: [...template.modules, ...assets.modules],
    fetches: [translations],
    styles: assets.styles,
  };
  return fillTemplate(template, {
    html: `<html data-mantine-color-scheme="light" lang="${language}">`,
    theme,
    head: '',
    start: [...inlined, startTags, data].join(''),
    // Inert (not clickable, not focusable, out of the accessibility tree) until the client replaces it.
    screen: `<div id="root" data-first-screen inert>${screen}</div>${startList(list)}`,
  });
}

function registerFallback(
  app: FastifyInstance,
  template: PageTemplate | null,
  pageData: PageDataReader | undefined,
  assetsOf?: (name: PageName | undefined) => PageAssets,
  firstScreen?: { renderer: FirstScreenRenderer; sheets: Map<string, PreparedSheet> },
): void {
  app.setNotFoundHandler(async (request, reply) => {
    // `GET /Account/SignOut` opened in the browser is the client's sign-out page (decision 003).
    const signOutPage = request.method === 'GET' && request.url.split('?')[0] === '/Account/SignOut';
    const isApi = request.url.startsWith('/api/') || (request.url.startsWith('/Account/') && !signOutPage);
    if (isApi || request.method !== 'GET' || !template || !assetsOf) throw new AppError('NotFound');
    const pathname = request.url.split('?')[0] ?? '';
    const page = pageOf(pathname);
    const user = await sessionUser(app, request);
    // The page is served without its data should reading it fail: the client then asks the API.
    const data = pageData
      ? await pageData(user, pathname).catch((err: unknown) => {
          request.log.error({ err }, 'page data not read');
          return null;
        })
      : null;
    const language = pageLanguage(user, request);
    const parts: PageParts = {
      assets: assetsOf(page?.name),
      translations: `/assets/i18n/${language}.json?v=${encodeURIComponent(template.build)}`,
      data: data ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>` : '',
      // The browser's chrome in the colour of the user's tenant from the first paint
      // (src/client/lib/theme-color.ts follows it).
      theme: `<meta name="theme-color" content="${themeColorOf(user?.brandColor)}" />`,
    };
    const rendersFirstScreen = firstScreen && data && page?.page.firstScreen === (user ? 'signedIn' : 'signedOut');
    const screen = rendersFirstScreen
      ? await firstScreen.renderer.render({ url: request.url, data, language })
      : undefined;
    const html =
      screen && firstScreen
        ? firstScreenPage(template, parts, screen, firstScreen.sheets, language)
        : plainPage(template, parts);
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
