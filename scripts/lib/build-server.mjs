// The server's build (`npm run build`, `npm start`): bundles the server and every worker module to dist/server with
// esbuild, so production runs plain JavaScript and tsx stays a development tool. Packages stay
// external (native and WebAssembly modules such as sharp, argon2 and web-ifc load from
// node_modules as they are).
//
// A module may start a worker on a source file (`new URL('./x-worker.ts', import.meta.url)`): each
// such file becomes an entry of its own, dist/server/<name>.js, and the URL is rewritten to it.
// Files read beside a source file (seed fixtures, catalogues) are reached from dist/server in the
// source tree, which ships with the app.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { newestMtime, root } from './build-client.mjs';

export const serverDir = path.resolve(root, process.env.SERVER_OUT_DIR ?? 'dist/server');
const serverSources = path.join(root, 'src/server');
const clientServerDir = path.join(root, 'src/client/server');

/** Command-line programs run in production besides the server. */
const programs = ['src/server/main.ts', 'src/server/backup-cli.ts', 'src/server/modules/workflow/jobs-cli.ts'];

const workerUrl = /new URL\(\s*'([^']+\.(?:ts|tsx|mjs))',\s*import\.meta\.url\s*\)/g;
const resourceUrl = /new URL\(\s*'([^']+)',\s*import\.meta\.url\s*\)/g;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const outName = (file) => `${path.basename(file).replace(/\.(ts|tsx|mjs)$/, '')}.js`;

/** Every worker module a source file starts, by its output name (a name used twice fails the build). */
function findWorkers() {
  const workers = new Map();
  for (const file of [...sourceFiles(serverSources), ...sourceFiles(clientServerDir)]) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(workerUrl)) {
      const target = path.resolve(path.dirname(file), match[1]);
      const name = outName(target);
      if (workers.has(name) && workers.get(name) !== target) {
        throw new Error(`two worker modules would both be dist/server/${name}: ${workers.get(name)}, ${target}`);
      }
      workers.set(name, target);
    }
  }
  return workers;
}

const toPosix = (p) => p.split(path.sep).join('/');

/** Rewrites worker URLs (relative to `outdir`) to the compiled entries and resource paths to the source tree. */
const locations = (outdir) => ({
  name: 'locations',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.(ts|tsx|mjs)$/ }, (args) => {
      let text = fs.readFileSync(args.path, 'utf8');
      const dir = path.dirname(args.path);
      if (!text.includes('import.meta')) return undefined;
      const fromOut = (target) => toPosix(path.relative(outdir, target)) || '.';
      text = text
        .replace(resourceUrl, (_, rel) => {
          const target = path.resolve(dir, rel);
          const url = /\.(ts|tsx|mjs)$/.test(rel)
            ? `./${outName(target)}`
            : fromOut(target) + (rel.endsWith('/') ? '/' : '');
          return `new URL(${JSON.stringify(url)}, import.meta.url)`;
        })
        .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify('/' + fromOut(dir))})`);
      const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.mjs') ? 'js' : 'ts';
      return { contents: text, loader, resolveDir: dir };
    });
  },
});

/**
 * Vite's `?url` imports (browser workers of client components the first-screen renderer bundles):
 * the path as a string, as Vite gives it; the server never loads them.
 */
const assetUrls = {
  name: 'asset-urls',
  setup(build) {
    build.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, namespace: 'asset-url' }));
    // Style sheets (also those of packages) are the browser build's; on the server they are empty.
    build.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'asset-url' }));
    build.onLoad({ filter: /.*/, namespace: 'asset-url' }, (args) => ({
      contents: args.path.endsWith('.css') ? '' : `export default ${JSON.stringify(args.path.replace(/\?url$/, ''))};`,
      loader: 'js',
    }));
  },
};

/**
 * Deep imports into packages without an `exports` map (`nodemailer/lib/smtp-transport`) name a
 * folder or omit the extension, which Node's ESM loader refuses: they are written out to the file.
 */
const deepImports = {
  name: 'deep-imports',
  setup(build) {
    build.onResolve({ filter: /^(@[^/]+\/)?[^./@][^/]*\/.+/ }, (args) => {
      if (args.kind !== 'import-statement' && args.kind !== 'dynamic-import') return undefined;
      const name = args.path
        .split('/')
        .slice(0, args.path.startsWith('@') ? 2 : 1)
        .join('/');
      const require = createRequire(args.importer || path.join(root, 'package.json'));
      let manifest;
      try {
        manifest = require(`${name}/package.json`);
      } catch {
        return undefined;
      }
      if (manifest.exports) return { path: args.path, external: true };
      const file = require.resolve(args.path);
      const packageDir = path.dirname(require.resolve(`${name}/package.json`));
      return { path: `${name}/${toPosix(path.relative(packageDir, file))}`, external: true };
    });
  },
};

/** Bundles the server's programs and worker modules to `outdir` (dist/server by default). */
export async function buildServer(outdir = serverDir) {
  // A development tool: loaded only to build, so a production install (`npm ci --omit=dev`) starts.
  const esbuild = await import('esbuild');
  const workers = findWorkers();
  fs.rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [
      ...programs.map((file) => ({ in: file, out: outName(file).replace(/\.js$/, '') })),
      ...[...workers].map(([name, file]) => ({ in: file, out: name.replace(/\.js$/, '') })),
    ],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The first-screen renderer's client modules import style sheets the browser build handles.
    loader: { '.css': 'empty' },
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [assetUrls, deepImports, locations(outdir)],
  });
  fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  console.log(
    `Server built to ${path.relative(root, outdir)} (${workers.size} worker modules) in ${Date.now() - started} ms`,
  );
}

/** What the server's build is made of (the first-screen renderer bundles client modules too). */
const sources = ['src/server', 'src/shared', 'src/client', 'package-lock.json', 'scripts/lib/build-server.mjs'];

/** Whether dist/server is missing or older than its sources. */
export function serverBuildIsStale() {
  const built = path.join(serverDir, 'main.js');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  return sources.some((s) => newestMtime(s) > builtAt);
}

/** Builds the server when its sources are newer than the last build (`npm start`). */
export async function buildServerIfStale() {
  if (serverBuildIsStale()) await buildServer();
}
