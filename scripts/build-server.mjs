// `npm run build` (server half): dist/server, see scripts/lib/build-server.mjs.
import { buildServer } from './lib/build-server.mjs';

await buildServer();
