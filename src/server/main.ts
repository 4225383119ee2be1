import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoIfEmpty } from './seed/demo';

const config = loadConfig();
const app = await buildApp(config);
if (config.seedDemo) await seedDemoIfEmpty(app.db, app.log);

await app.listen({ port: config.port, host: config.host });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
