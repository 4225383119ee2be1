import { buildApp } from './app';
import { loadConfig } from './config';
import { hasDemoAccounts, seedDemoIfEmpty } from './seed/demo';
import { DEMO_DOMAIN } from './seed/demo-data';
import { workflowJobs } from './modules/workflow/jobs';
import { fileJobs } from './modules/files/purge-job';
import { createJobRunner } from './platform/jobs/runner';
import { webhookJobs } from './modules/machine-access/webhook-delivery';
import { bookkeepingJobs, embeddedDatabaseJobs } from './platform/db/maintenance-job';
import { listenForBackupRequests } from './platform/backup/running-server';
import { dataDirectory, watchDiskSpace } from './platform/storage/disk-space';

const config = loadConfig();
const app = await buildApp(config);
if (!config.demoAllowed && (await hasDemoAccounts(app.ctx.db))) {
  app.log.fatal(
    `The database holds demo accounts (@${DEMO_DOMAIN}) and PUBLIC_URL (${config.publicUrl}) is not local: ` +
      'remove them, or set DEMO=1 to run this server as a demo on purpose.',
  );
  await app.close();
  process.exit(1);
}
if (config.seedDemo) await seedDemoIfEmpty(app.ctx.db, app.log, app.ctx.storage);

// Scheduled work (reminders, daily status mail, purges; the embedded database's nightly vacuum):
// each run is claimed once across instances.
const jobs = createJobRunner({
  db: app.ctx.db,
  clock: app.ctx.clock,
  jobs: [
    ...workflowJobs(app.ctx),
    ...webhookJobs(app.ctx.db),
    ...fileJobs(app.ctx),
    ...bookkeepingJobs(app.ctx.db, app.log),
    ...(config.databaseUrl ? [] : embeddedDatabaseJobs(app.ctx.db, app.log)),
  ],
  log: app.log,
  intervalMs: 60_000,
});
app.addHook('onClose', () => jobs.stop());
// A warning in the log when the data directory's disk runs low (readiness stays up: reads go on).
const disk = watchDiskSpace({ dir: dataDirectory(config), thresholdBytes: config.diskFreeWarningBytes, log: app.log });
app.addHook('onClose', async () => disk.stop());
void disk.check();
// Mail delivery from the outbox: every instance works the queue, each mail is claimed by one.
app.ctx.mailer.start();
// Background work of every registered kind (platform/jobs/work.ts): claimed in fair turns, with
// leases; on the embedded database the claims of this database's previous process are taken at once.
await app.ctx.work.start({ embedded: !config.databaseUrl });

// `npm run backup` asks this process for a backup of the embedded database it holds.
if (!config.databaseUrl && !config.dataDir.startsWith('memory://')) {
  const stop = listenForBackupRequests({ db: app.ctx.db, storage: app.ctx.storage }, config.dataDir, app.log);
  app.addHook('onClose', async () => stop());
}
await app.listen({ port: config.port, host: config.host });
void jobs.tick();

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Readiness goes false first; after the drain period the server stops accepting and
    // finishes the requests in flight (docs/operations.md).
    app.ctx.lifecycle.draining = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    const drained = new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    drained
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
