import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRET_KEY, loadConfig } from './config';
import { createSecretBox } from './platform/crypto/secret-box';

describe('configuration', () => {
  it('PUBLIC_URL defaults to localhost on the configured port', () => {
    expect(loadConfig({ PORT: '4123' }).publicUrl).toBe('http://localhost:4123');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4123', PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:4123');
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://portal.example/' })).toMatchObject({
      publicUrl: 'https://portal.example',
      secureCookies: true,
      secretKey: expect.any(String),
    });
  });

  it('needs a SECRET_KEY of 32+ characters when serving a public address in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example' })).toThrow(/SECRET_KEY/);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY/);
    const key = 'x'.repeat(40);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example', SECRET_KEY: key }).secretKey,
    ).toBe(key);
    // A local production start (npm start) falls back to the documented development key.
    expect(loadConfig({ NODE_ENV: 'production', PORT: '3000' }).secretKey).toBe(DEVELOPMENT_SECRET_KEY);
  });
});

describe('the interface to listen on', () => {
  it('is this machine only for a local demo, every interface for a public address; HOST overrides', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000', HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const key = 'x'.repeat(40);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example', SECRET_KEY: key }).host).toBe('0.0.0.0');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example', SECRET_KEY: key, HOST: '10.0.0.5' }).host).toBe(
      '10.0.0.5',
    );
  });
});

describe('private networks for calls on a tenant’s behalf', () => {
  it('are none unless the operator lists them; a malformed entry stops the start', () => {
    expect(loadConfig({}).outboundAllowNetworks).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW_NETWORKS: ' 10.20.0.0/16, fd00::1 ' }).outboundAllowNetworks).toEqual([
      '10.20.0.0/16',
      'fd00::1',
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOW_NETWORKS: 'intranet.example' })).toThrow(/OUTBOUND_ALLOW_NETWORKS/);
  });
});

describe('demo defaults', () => {
  it('load demo data and the demo provider only for a local address or with DEMO=1', () => {
    expect(loadConfig({})).toMatchObject({ seedDemo: true, demoIdp: true, demoAllowed: true });
    const key = 'x'.repeat(40);
    const pub = { PUBLIC_URL: 'https://portal.example', SECRET_KEY: key };
    expect(loadConfig(pub)).toMatchObject({ seedDemo: false, demoIdp: false, demoAllowed: false });
    expect(loadConfig({ ...pub, SEED_DEMO: 'true', DEMO_IDP: 'true' })).toMatchObject({
      seedDemo: false,
      demoIdp: false,
    });
    expect(loadConfig({ ...pub, DEMO: '1' })).toMatchObject({ seedDemo: true, demoIdp: true, demoAllowed: true });
  });
});

describe('secret box', () => {
  it('seals with a fresh IV, opens with the same key only, and passes legacy plain values through', () => {
    const box = createSecretBox('a'.repeat(32));
    const a = box.seal('client-secret');
    const b = box.seal('client-secret');
    expect(a).toMatch(/^enc:v1:/);
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('client-secret');
    expect(() => createSecretBox('b'.repeat(32)).open(a)).toThrow();
    // One bit of the ciphertext flipped (changing its last characters could leave the bytes as they were).
    const parts = a.split(':');
    const ciphertext = Buffer.from(parts[4] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    const tampered = [...parts.slice(0, 4), ciphertext.toString('base64url')].join(':');
    expect(() => box.open(tampered)).toThrow();
    expect(box.open('plain-legacy')).toBe('plain-legacy');
  });
});
