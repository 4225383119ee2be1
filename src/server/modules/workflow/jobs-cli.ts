/**
 * Runs the scheduled jobs once at a given time and exits: `tsx jobs-cli.ts 2026-11-24T05:30:00Z`.
 * Used by the two-instance test (two processes on one PostgreSQL) and for manual runs.
 */
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createManualClock } from '../../platform/clock';
import { createJobRunner } from '../../platform/jobs/runner';
import { workflowJobs } from './jobs';

const at = process.argv[2] ? new Date(process.argv[2]) : new Date();
const clock = createManualClock(at);
const app = await buildApp({ ...loadConfig(), clientDir: '/nonexistent' }, { clock, logger: false });
const runner = createJobRunner({ db: app.ctx.db, clock, jobs: workflowJobs(app.ctx), log: app.log });
const ran = await runner.tick();
process.stdout.write(`${JSON.stringify(ran)}\n`);
await app.close();
