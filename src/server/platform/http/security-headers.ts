import type { FastifyInstance } from 'fastify';
import { isApiPath, isApiRequest } from './canonical-path';
import { startScriptHash } from './page-scripts';

const csp = [
  "default-src 'self'",
  // The one inline script, by its hash: the start of pages that come with a first screen.
  `script-src 'self' ${startScriptHash}`,
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

/** The headers every page carries; also set on answers written past Fastify (the demo identity provider). */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Every response — pages, API answers, errors and files — carries these headers. */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const headers = securityHeaders(https);
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
    void reply.headers(headers);
    return payload;
  });
}
