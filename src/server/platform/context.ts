import type { FastifyBaseLogger } from 'fastify';
import type { WorkflowEngine } from '../modules/workflow/engine';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Database } from './db/database';
import type { EventBus } from './events';
import type { WorkQueue } from './jobs/work';
import type { Limiter } from './limiter';
import type { Mailer } from './mail/mailer';
import type { StorageDriver } from './storage/storage';

/**
 * What a service needs from the application, and nothing of Fastify. `buildApp` makes it once, as
 * the app's only decoration: routes and plugins use `app.ctx`, jobs, command-line tools and tests
 * take it from their app. Services are `(ctx, user, input)`.
 */
export type ServiceContext = {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  /** Project file bytes (local directory or S3 bucket). */
  storage: StorageDriver;
  /** The workflow engine of this application (guards and effects of every module). */
  workflow: WorkflowEngine;
  /** Background work of this application: registered kinds, claims and their leases (platform/jobs/work.ts). */
  work: WorkQueue;
  /** Committed events of every instance (platform/events): live pages and webhooks subscribe. */
  events: EventBus;
  /** Set when the instance is shutting down: readiness answers 503 so balancers stop sending. */
  lifecycle: { draining: boolean };
  /**
   * This application's concurrency limits, each built by the one `createLimiter` (platform/limiter.ts).
   * Password hashing and worker threads are limited per process (platform/auth/password.ts,
   * platform/workers/run-module.ts): the threads they guard are the process's.
   */
  limits: { signIns: Limiter; search: Limiter; zips: Limiter };
};
