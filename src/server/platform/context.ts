import type { FastifyBaseLogger } from 'fastify';
import type { WorkflowEngine } from '../modules/workflow/engine';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Database } from './db/database';
import type { WorkQueue } from './jobs/work';
import type { Mailer } from './mail/mailer';
import type { StorageDriver } from './storage/storage';

/**
 * What a service needs from the application, and nothing of Fastify: routes pass `app.ctx`,
 * jobs, command-line tools and tests build their own (`buildApp` assembles the workflow engine). Services are `(ctx, user, input)`.
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
};
