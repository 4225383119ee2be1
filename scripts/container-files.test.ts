import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The container files cannot be built on this machine; this keeps them in step with what can be
 * checked here: the settings of .env.example, the commands CI runs and the scripts they call.
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('Dockerfile and compose.yaml', () => {
  const dockerfile = read('Dockerfile');
  const compose = read('compose.yaml');
  const settings = new Set([...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));

  it('sets only settings that .env.example documents', () => {
    const app = /\n {2}app:\n([\s\S]*?)\n {2}\S/.exec(compose)?.[1] ?? '';
    const environment = /\n {4}environment:\n((?: {6}.*\n)+)/.exec(`${app}\n`)?.[1] ?? '';
    const names = [...environment.matchAll(/^ {6}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(5);
    const dockerEnv = [...dockerfile.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1]);
    expect([...names, ...dockerEnv].filter((name) => name !== 'NODE_ENV' && !settings.has(name))).toEqual([]);
  });

  it('builds with the commands CI runs and starts the compiled server as a non-root user', () => {
    const ci = read('.ci/run');
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(ci).toContain('npm ci');
    expect(dockerfile).toMatch(/RUN npm ci --no-audit --no-fund\n/);
    expect(dockerfile).toMatch(/RUN npm run build\n/);
    expect(scripts.build).toContain('scripts/build-server.mjs');
    expect(scripts.start).toBe('node scripts/start.mjs');
    expect(dockerfile).toMatch(/CMD \["npm", "start"\]\s*$/);
    expect(dockerfile).toMatch(/\nUSER node\n/);
    expect(dockerfile).toContain('VOLUME /data');
    expect(dockerfile).toContain('/api/health/ready');
    // Every path the runtime stage copies from the build exists in the project or the build.
    for (const [, from] of dockerfile.matchAll(/COPY --from=build \/app\/(\S+)/g)) {
      expect(from === 'dist' || fs.existsSync(path.join(root, from ?? '')), from).toBe(true);
    }
  });

  it('runs backups and restores from the compiled build in production', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts.backup).toBe('node scripts/backup.mjs backup');
    expect(scripts.restore).toBe('node scripts/backup.mjs restore');
    expect(read('scripts/backup.mjs')).toContain("'backup-cli.js'");
  });
});
