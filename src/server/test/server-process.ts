import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

let compiled: Promise<string> | undefined;

/**
 * The server compiled as `npm run build` does (scripts/lib/build-server.mjs), once per test worker,
 * inside the repository so the bundle finds node_modules as dist/server does; removed by the
 * run's global teardown. Returns the path of its main.js.
 */
export function compiledServer(): Promise<string> {
  compiled ??= (async () => {
    const outdir = path.join(root, 'dist', `server-test-${process.env.SERVER_TEST_RUN ?? 'solo'}-${process.pid}`);
    const { buildServer } = (await import('../../../scripts/lib/build-server.mjs')) as {
      buildServer: (outdir: string) => Promise<void>;
    };
    await buildServer(outdir);
    return path.join(outdir, 'main.js');
  })();
  return compiled;
}

/**
 * For the kill -9 drills: a real server (the compiled server, as production runs it) on its own
 * embedded database in `dataDir`, its JSON log lines collected as they come, and a wait for a line.
 */
export async function startServerProcess(dataDir: string, port: number, logLevel = 'info') {
  const main = await compiledServer();
  const lines: Record<string, unknown>[] = [];
  const waiters: { match: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }[] =
    [];
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      DATABASE_URL: '',
      // The drills need no pages: a client build left in dist/ (of whatever version) is not read.
      CLIENT_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString('utf8');
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(part) as Record<string, unknown>;
      } catch {
        continue;
      }
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.match(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  child.stderr!.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    lines,
    exited,
    waitFor(match: (l: Record<string, unknown>) => boolean, timeoutMs: number) {
      const found = lines.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('log line not seen in time')), timeoutMs);
        waiters.push({
          match,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      });
    },
  };
}
