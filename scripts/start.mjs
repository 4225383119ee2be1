// `npm start`: builds the client and the server if needed, then runs the compiled server
// (dist/server/main.js; embedded database in ./data). With NODE_ENV=production it only runs the build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildClientIfStale, root } from './lib/build-client.mjs';
import { buildServerIfStale, serverDir } from './lib/build-server.mjs';

if (process.env.NODE_ENV === 'production') {
  // A production install (the container image) runs the build it was given and never rebuilds:
  // the build tools are not there, and the build is the code that was tested.
  if (!fs.existsSync(path.join(serverDir, 'main.js'))) {
    console.error(`No build in ${serverDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
} else {
  buildClientIfStale();
  await buildServerIfStale();
}
const server = spawn(process.execPath, ['--enable-source-maps', path.join(serverDir, 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
