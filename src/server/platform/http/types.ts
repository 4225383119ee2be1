/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
import type { ApiTokenIdentity } from '../auth/api-token';
import type { SessionUser } from '../auth/session';
import type { ServiceContext } from '../context';
import type { RateLimit } from './rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service context (platform/context.ts), built once in `buildApp`: the app's only decoration. */
    ctx: ServiceContext;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
    /** Set when the request came with an API token (`Authorization: Bearer pp_…`). */
    apiToken: ApiTokenIdentity | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health, i18n, legal pages). */
    public?: boolean;
    /** The path carries a secret (a feed token): the request log names the route pattern instead. */
    secretUrl?: boolean;
    /**
     * A state-changing call that proves itself with a signed token and touches no session (the
     * RFC 8058 one-click unsubscribe a mail client POSTs): no CSRF header required.
     */
    tokenProof?: boolean;
    /** Set for every route under `/api/` and `/Account/` when it is registered (CSRF header, session, no-store). */
    api?: boolean;
    /** Open for as long as a page is (the event stream): not counted among a session's requests in flight (in-flight.ts). */
    longLived?: boolean;
    /**
     * The route waits for a place among heavy work of one kind (sheet PDFs, zips): a session's or
     * API token's requests on the routes of one `kind` beyond `perCredential` (what that work's
     * limiter lets one user hold, running and waiting) are refused with 429 before the session is
     * read (in-flight.ts), so a flood of them costs the database nothing.
     */
    heavyWork?: { kind: string; perCredential: number };
    /** Request limits of the route, applied by `@fastify/rate-limit` with counts in the database (rate-limit.ts). */
    rateLimits?: RateLimit[];
  }
}
