import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator } from './platform/db/migrate';
import { createDatabase, type Database } from './platform/db/database';
import { freePort, smtpSink } from './test/smtp';

/**
 * Two server processes on one PostgreSQL behind a round-robin balancer that, like a real one,
 * sends only to instances whose readiness probe answers 200 (docs/operations.md).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');

type Instance = { name: string; port: number; process: ChildProcess; ready: boolean; served: number };

function get(port: number, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function send(port: number, method: string, urlPath: string, payload: unknown, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const body = JSON.stringify(payload);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-requested-with': 'XMLHttpRequest',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.runIf(adminUrl)('two instances on one PostgreSQL', () => {
  const dbName = `planport_two_${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-two-'));
  let admin: Kysely<unknown>;
  let db: Database;
  let databaseUrl: string;
  const instances: Instance[] = [];
  let balancer: http.Server;
  let balancerPort: number;
  let probe: NodeJS.Timeout;
  let next = 0;
  // A real SMTP server both instances deliver to.
  let smtp: ReturnType<typeof smtpSink>;
  let smtpPort = 0;

  async function start(name: string): Promise<Instance> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: '/nonexistent',
        SEED_DEMO: 'true',
        SHUTDOWN_DRAIN_MS: '1500',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const instance: Instance = { name, port, process: child, ready: false, served: 0 };
    const started = Date.now();
    for (;;) {
      const res = await get(port, '/api/health/ready').catch(() => null);
      if (res?.status === 200) break;
      if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}`);
      if (Date.now() - started > 120_000) throw new Error(`instance ${name} did not become ready`);
      await new Promise((r) => setTimeout(r, 250));
    }
    instance.ready = true;
    return instance;
  }

  beforeAll(async () => {
    admin = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
    });
    await sql`create database ${sql.id(dbName)}`.execute(admin);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    smtp = smtpSink(await freePort());
    await smtp.up();
    smtpPort = smtp.port;
    // Both start at once on the empty database: migrations and demo data happen once.
    instances.push(...(await Promise.all([start('A'), start('B')])));
    db = await createDatabase({ databaseUrl, poolSize: 2 });

    // The balancer: round robin over the ready instances, readiness probed every 100 ms.
    probe = setInterval(() => {
      for (const instance of instances) {
        void get(instance.port, '/api/health/ready').then(
          (r) => (instance.ready = r.status === 200),
          () => (instance.ready = false),
        );
      }
    }, 100);
    balancer = http.createServer((req, res) => {
      const ready = instances.filter((i) => i.ready);
      const target = ready[next++ % Math.max(ready.length, 1)];
      if (!target) {
        res.writeHead(503).end();
        return;
      }
      target.served++;
      const upstream = http.request(
        { host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers: req.headers, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instance': target.name });
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    balancerPort = (balancer.address() as AddressInfo).port;
  }, 300_000);

  afterAll(async () => {
    clearInterval(probe);
    balancer?.close();
    await Promise.all(
      instances.map(
        (i) =>
          new Promise<void>((resolve) => {
            if (i.process.exitCode !== null) return resolve();
            i.process.once('exit', () => resolve());
            i.process.kill('SIGKILL');
          }),
      ),
    );
    await smtp.down();
    await db?.destroy();
    await sql`drop database if exists ${sql.id(dbName)}`.execute(admin);
    await admin.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function signIn(port: number): Promise<string> {
    const res = await send(port, 'POST', '/api/account/login', {
      login: 'planner@demo.planport.test',
      password: 'Demo-2026',
    });
    expect(res.status).toBe(200);
    const cookie = res.headers['set-cookie'];
    return String(Array.isArray(cookie) ? cookie[0] : cookie).split(';')[0] ?? '';
  }

  it('migrated and loaded the demo data once, though both started together', async () => {
    const applied = await createMigrator(db).getMigrations();
    expect(applied.every((m) => m.executedAt !== undefined)).toBe(true);
    const { rows } = await sql<{ n: number; names: number }>`
      select count(*)::int as n, count(distinct name)::int as names from kysely_migration`.execute(db);
    expect(rows[0]?.n).toBe(applied.length);
    expect(rows[0]?.names).toBe(applied.length);
    const tenants = await db.selectFrom('tenants').select('name').execute();
    expect(new Set(tenants.map((t) => t.name)).size).toBe(tenants.length);
    const users = await db
      .selectFrom('users')
      .select('login')
      .where('login', '=', 'planner@demo.planport.test')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('keeps a session across both instances', async () => {
    const cookie = await signIn(balancerPort);
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await get(balancerPort, '/api/account/me', { cookie });
      expect(res.status).toBe(200);
      seen.add(String(res.headers['x-instance']));
    }
    expect([...seen].sort()).toEqual(['A', 'B']);
  });

  it('gives a workflow action pressed on both at once one winner', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances');
    const cookie = await signIn(a.port);
    const unit = await db
      .selectFrom('project_units')
      .select(['project_unit_id', 'state_key'])
      .where('title', '=', 'Ärztehaus Am Markt')
      .where('parent_project_unit_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(unit.state_key).toBe('Preparing');
    const url = `/api/data/portal/projectunitstates/${unit.project_unit_id}`;
    const body = { projectUnitID: unit.project_unit_id, stateKey: 'Preparing' };
    const answers = await Promise.all([a.port, b.port].map((port) => send(port, 'PUT', url, body, { cookie })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await db
      .selectFrom('project_units')
      .select('state_key')
      .where('project_unit_id', '=', unit.project_unit_id)
      .executeTakeFirstOrThrow();
    expect(after.state_key).toBe('PendingValidation');
  });

  it('delivers each queued mail once, though both instances work the outbox', async () => {
    const login = 'planner@demo.planport.test';
    const rows = () =>
      db.selectFrom('mail_outbox').select(['status', 'attempts']).where('recipient', '=', login).execute();
    const before = (await rows()).length;
    for (let i = 0; i < 3; i++) {
      const res = await send(balancerPort, 'POST', '/api/account/password-reset/request', { login });
      expect(res.status).toBeLessThan(300);
    }
    const queued = (await rows()).length - before;
    expect(queued).toBe(3);
    const started = Date.now();
    while (smtp.recipients().filter((r) => r === login).length < before + queued && Date.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 200));
    }
    // Both loops have had several more rounds: still exactly one delivery per mail.
    await new Promise((r) => setTimeout(r, 4000));
    expect(smtp.recipients().filter((r) => r === login)).toHaveLength(before + queued);
    const after = await rows();
    expect(after.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
  }, 60_000);

  it('loses no request while one instance restarts', async () => {
    const cookie = await signIn(balancerPort);
    const statuses: number[] = [];
    let running = true;
    const clients = Array.from({ length: 6 }, async () => {
      while (running) {
        const res = await get(balancerPort, '/api/account/me', { cookie }).catch(() => ({ status: 0 }));
        statuses.push(res.status);
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    const b = instances[1];
    if (!b) throw new Error('two instances');
    const servedBefore = b.served;
    const exited = new Promise<number | null>((resolve) => b.process.once('exit', (code) => resolve(code)));
    b.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    const restarted = await start('B');
    instances[1] = restarted;
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await Promise.all(clients);
    expect(servedBefore).toBeGreaterThan(0);
    expect(restarted.served).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 180_000);
});
