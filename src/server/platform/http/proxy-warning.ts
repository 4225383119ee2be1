import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/**
 * Behind a proxy without TRUST_PROXY every request seems to come from the proxy: all users share
 * one sign-in throttle. Requests carrying `X-Forwarded-For` while TRUST_PROXY is unset say that
 * this is happening; the operator is told once per process (not per request: logs stay readable).
 */
export function registerProxyWarning(app: FastifyInstance, config: Pick<Config, 'trustProxy'>): void {
  if (config.trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      { socketAddress: request.socket.remoteAddress },
      'requests carry X-Forwarded-For but TRUST_PROXY is unset: every client seems to be the proxy and all share one sign-in throttle; set TRUST_PROXY to the proxy address (docs/operations.md)',
    );
  });
}
