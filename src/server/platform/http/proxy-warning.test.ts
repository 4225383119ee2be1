import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../test/app';
import { getTestDatabase } from '../../test/database';

async function appLogging(trustProxy: false | string[]) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp(testConfig({ logLevel: 'info', trustProxy }), {
    db: await getTestDatabase(),
    logStream: stream,
  });
  await app.ready();
  const warnings = () => lines.filter((l) => l.level === 40 && l.msg.includes('TRUST_PROXY'));
  return { app, warnings };
}

describe('X-Forwarded-For while TRUST_PROXY is unset', () => {
  it('is logged as a warning once, not for requests without it', async () => {
    const { app, warnings } = await appLogging(false);
    await app.inject({ url: '/api/health/live' });
    expect(warnings()).toHaveLength(0);
    for (let i = 0; i < 3; i++) {
      await app.inject({ url: '/api/health/live', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    }
    expect(warnings()).toHaveLength(1);
    await app.close();
  });

  it('is not logged when TRUST_PROXY names the proxy', async () => {
    const { app, warnings } = await appLogging(['127.0.0.1']);
    await app.inject({ url: '/api/health/live', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(warnings()).toHaveLength(0);
    await app.close();
  });
});
