// `npm start`: builds the client and the server if needed, then runs the compiled server
// (dist/server/main.js; embedded database in ./data).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClientIfStale, root } from './lib/build-client.mjs';
import { buildServerIfStale, serverDir } from './lib/build-server.mjs';

buildClientIfStale();
await buildServerIfStale();
const server = spawn(process.execPath, ['--enable-source-maps', path.join(serverDir, 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
