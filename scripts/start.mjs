// `npm start`: builds the client if needed, then runs the server (embedded database in ./data).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClientIfStale, root } from './lib/build-client.mjs';

buildClientIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
