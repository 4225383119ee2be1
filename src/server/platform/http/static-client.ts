import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/errors';

const publicI18nDir = path.resolve('public/assets/i18n');
const year = 'public, max-age=31536000, immutable';

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
export async function registerStaticClient(app: FastifyInstance, clientDir: string): Promise<void> {
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
    return registerFallback(app, null);
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
  registerFallback(app, fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
}

function registerFallback(app: FastifyInstance, indexHtml: string | null): void {
  app.setNotFoundHandler((request, reply) => {
    // `GET /Account/SignOut` opened in the browser is the client's sign-out page (decision 003).
    const signOutPage = request.method === 'GET' && request.url.split('?')[0] === '/Account/SignOut';
    const isApi = request.url.startsWith('/api/') || (request.url.startsWith('/Account/') && !signOutPage);
    if (isApi || request.method !== 'GET' || !indexHtml) throw new AppError('NotFound');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
