/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
import type { Config } from '../../config';
import type { ApiTokenIdentity } from '../auth/api-token';
import type { SessionUser } from '../auth/session';
import type { Clock } from '../clock';
import type { ServiceContext } from '../context';
import type { Database } from '../db/database';
import type { EventBus } from '../events';
import type { Mailer } from '../mail/mailer';
import type { RateLimit } from './rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    clock: Clock;
    mailer: Mailer;
    /** The service context (db, clock, mailer, config, log, workflow) built once in `buildApp`. */
    ctx: ServiceContext;
    /** The workflow engine (also `ctx.workflow`). */
    workflow: ServiceContext['workflow'];
    /** The project-file storage driver (also `ctx.storage`). */
    storage: ServiceContext['storage'];
    /** Background work of this application (also `ctx.work`, platform/jobs/work.ts). */
    work: ServiceContext['work'];
    /** Committed events of every instance (platform/events): live pages and webhooks subscribe. */
    events: EventBus;
    /** Set when the instance is shutting down: readiness answers 503 so balancers stop sending. */
    lifecycle: { draining: boolean };
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
    /** Request limits of the route, applied by `@fastify/rate-limit` with counts in the database (rate-limit.ts). */
    rateLimits?: RateLimit[];
  }
}
