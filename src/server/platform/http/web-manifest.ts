import type { FastifyInstance } from 'fastify';
import { themeColorOf } from '../../../shared/rules/brand-color';
import { sessionCookieName } from '../auth/auth-plugin';
import { findSessionUser } from '../auth/session';

/**
 * The web app manifest (Chromium's installability criteria: name, 192 and 512 px icons, start URL,
 * display mode). Served by the server instead of as a file, since its `theme_color` is the
 * signed-in user's tenant's brand colour (the product's without a session).
 */
const baseManifest = {
  name: 'Planport',
  short_name: 'Planport',
  description: 'Planport – projects, drawings, orders and deliveries',
  id: '/',
  start_url: '/home/app/dash',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#f8f9fa',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

export const webManifestPath = '/manifest.webmanifest';

/**
 * `GET /manifest.webmanifest`. The page asks for it with its cookie (`crossorigin="use-credentials"`
 * in index.html; browsers send none for a manifest otherwise). The answer differs per session:
 * `private, no-cache` and `Vary: Cookie`, so no shared cache hands one tenant's colour to another
 * and the browser asks again after signing out (the service worker never keeps it: it keeps only
 * the hashed files under /assets/).
 */
export function registerWebManifest(app: FastifyInstance): void {
  app.get(webManifestPath, { schema: { hide: true } }, async (request, reply) => {
    const token = request.cookies?.[sessionCookieName(app.ctx.config.secureCookies)];
    const user = token ? await findSessionUser(app.ctx.db, token, app.ctx.clock.now()) : null;
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Cookie')
      .send(JSON.stringify({ ...baseManifest, theme_color: themeColorOf(user?.brandColor) }));
  });
}
