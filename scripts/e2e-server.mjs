// The journeys' server: compiled as `npm run build` does (about a second), then run as `npm start`
// runs it, so the journeys test the production program. Each server of a parallel run (one per
// Playwright worker, told apart by PORT) builds into a folder of its own.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './lib/build-server.mjs';
import { root } from './lib/build-client.mjs';

const outdir = path.join(root, 'dist', `e2e-server-${process.env.PORT ?? 'default'}`);
await buildServer(outdir);
await import(pathToFileURL(path.join(outdir, 'main.js')).href);
