// `npm run backup [-- <dir>]` and `npm run restore -- <dir>` (docs/operations.md): the compiled
// program dist/server/backup-cli.js where the build is current — always in production
// (NODE_ENV=production, the container image), where the build is the code that runs — and the
// TypeScript source through tsx in development, where dist/ may be missing or stale.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/build-client.mjs';
import { serverBuildIsStale, serverDir } from './lib/build-server.mjs';

const compiled = path.join(serverDir, 'backup-cli.js');
const useCompiled = fs.existsSync(compiled) && (process.env.NODE_ENV === 'production' || !serverBuildIsStale());
const args = useCompiled
  ? ['--enable-source-maps', compiled]
  : ['--import', 'tsx', path.join(root, 'src/server/backup-cli.ts')];
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
