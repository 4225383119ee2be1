import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/errors';

const publicI18nDir = path.resolve('public/assets/i18n');

/**
 * Serves the built React client with an SPA fallback, and the translation files.
 * Unknown /api paths answer 404 in the error shape instead of the page.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));

  await app.register(fastifyStatic, {
    root: publicI18nDir,
    prefix: '/assets/i18n/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=300'),
  });

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const hashed =
          filePath.includes(`${path.sep}assets${path.sep}`) && !filePath.includes(`${path.sep}i18n${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const indexHtml = hasClient ? fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/Account/');
    if (isApi || request.method !== 'GET' || !indexHtml) throw new AppError('NotFound');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
