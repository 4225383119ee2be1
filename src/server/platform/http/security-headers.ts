import type { FastifyInstance } from 'fastify';
import { isApiPath, isApiRequest } from './canonical-path';

const csp = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets CSS variables through style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Every response — pages, API answers, errors and files — carries these headers. */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // API answers hold one user's data: never kept by the browser or a proxy. The only exception a
    // route may make is an image for the signed-in browser alone (`private, max-age`: logos,
    // profile pictures), never for a shared cache.
    if (isApiRequest(request) || isApiPath(request.url)) {
      const own = String(reply.getHeader('Cache-Control') ?? '');
      const privateImage =
        own.startsWith('private') && String(reply.getHeader('Content-Type') ?? '').startsWith('image/');
      if (!privateImage) reply.header('Cache-Control', 'no-store');
    }
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
