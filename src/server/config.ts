import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './platform/storage/s3-storage';
import { WEBHOOK_RETRY_DELAYS_MS } from '../shared/schemas/machine-access';

const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z.string().optional(),
  SECRET_KEY: z.string().optional(),
  MAIL_FROM: z.string().default('Planport <no-reply@planport.test>'),
  PRODUCT_KEY: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('portal'),
  TRUST_PROXY: z.string().optional(),
  OUTBOUND_ALLOW_NETWORKS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((n) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(n)), 'addresses or CIDR networks'),
  PUBLISH_OPENAPI: boolish,
  NO_FIRST_SCREEN: boolish,
  DEMO: boolish,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: boolish,
  E2E_RESET: boolish,
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DEMO_IDP: z.enum(['true', 'false', '1', '0', '']).optional(),
  CLIENT_DIR: z.string().default('./dist/client'),
  S3_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', '']).optional(),
  SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  FILE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  IFC_MAX_MB: z.coerce.number().int().min(1).max(2048).default(512),
  IFC_WORKER_MEMORY_MB: z.coerce.number().int().min(256).max(65_536).default(2048),
  ZIP_STREAM_MB_PER_S: z.coerce.number().int().min(0).max(100_000).default(32),
  TENANT_STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(1_073_741_824).default(51_200),
  TENANT_FILE_QUOTA: z.coerce.number().int().min(1).max(1_000_000_000).default(100_000),
  OPEN_UPLOADS_PER_USER: z.coerce.number().int().min(1).max(1000).default(5),
  UPLOADS_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  DISK_FREE_WARNING_MB: z.coerce.number().int().min(0).max(1_073_741_824).default(2048),
  OPERATOR_NAME: z.string().default('Planport Baustoffe GmbH'),
  OPERATOR_ADDRESS: z.string().default('Industriestraße 12, 30659 Hannover, Deutschland'),
  OPERATOR_EMAIL: z.string().default('info@planport.test'),
  OPERATOR_PHONE: z.string().default('+49 511 000000'),
  OPERATOR_REGISTER: z.string().default('Amtsgericht Hannover, HRB 000000'),
  OPERATOR_VAT_ID: z.string().default('DE000000000'),
  OPERATOR_REPRESENTATIVE: z.string().default('Dr. Anna Beispiel'),
});

/** Used when SECRET_KEY is unset outside production (documented in .env.example); never for real data. */
export const DEVELOPMENT_SECRET_KEY = 'planport-development-only-secret-key-do-not-use';

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  secureCookies: boolean;
  smtpUrl?: string;
  /** Key material for secrets stored in the database (AES-256-GCM, key derived with HKDF). */
  secretKey: string;
  mailFrom: string;
  productKey: string;
  logLevel: string;
  seedDemo: boolean;
  /**
   * Demo data and the demo identity provider may load: the server runs for a local address
   * (PUBLIC_URL unset or localhost) or DEMO=1 opts in. Otherwise a database with demo accounts
   * refuses to start.
   */
  demoAllowed: boolean;
  /** Offers a loopback-only demo-data reset for the browser journeys; never in production. */
  e2eReset: boolean;
  /** Bearer token of `GET /metrics` (Prometheus); without one the endpoint does not exist. */
  metricsToken?: string;
  /**
   * Searches that run in the database at once (SEARCH_CONCURRENCY; default: this machine's cores
   * and one more, so one is always being sent or answered while the others run): a burst of
   * searches then queues instead of taking every connection and core from page loads.
   */
  searchConcurrency: number;
  /** Calls one API token may make per minute (API_TOKEN_REQUESTS_PER_MINUTE, default 600). */
  apiTokenRequestsPerMinute: number;
  /** Waits between a webhook delivery's attempts (about a day in all; tests shorten them). */
  webhookRetryDelaysMs: readonly number[];
  /** On SIGTERM, readiness answers 503 this long before the server stops accepting requests. */
  shutdownDrainMs: number;
  /** Mounts a demo OpenID provider at /demo-idp (DEMO_IDP; default on for a local demo). */
  demoIdp: boolean;
  clientDir: string;
  /**
   * Whose `X-Forwarded-For` counts (TRUST_PROXY): unset trusts none (the socket's address is the
   * client), `true` every hop, a number that many hops, or a comma-separated list of proxy addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /**
   * Private networks the operator lets calls on a tenant's behalf reach (OUTBOUND_ALLOW_NETWORKS,
   * e.g. an identity provider on the intranet); a tenant never widens this.
   */
  outboundAllowNetworks: string[];
  /** Serves /api/openapi.json and the reference page /api/reference without a session in production (PUBLISH_OPENAPI=1); always outside it. */
  publishOpenApi: boolean;
  /**
   * The first screen of the sign-in, dashboard, details and order pages comes rendered with the page
   * (off: NO_FIRST_SCREEN=1): a page waits at most `renderTimeoutMs` for it, and goes without one
   * while the renderer starts unless `waitForStart` (its own tests, which must tell slow from broken).
   */
  firstScreen: false | { renderTimeoutMs: number; waitForStart: boolean };
  /** Project files: a bucket when S3_BUCKET is set, else DATA_DIR/files; soft-deleted bytes kept this long. */
  files: {
    s3?: S3Settings;
    retentionDays: number;
    /**
     * The largest IFC model the converter and the model tree open (IFC_MAX_MB); a tenant's file
     * policy cannot allow larger IFC files, and larger versions are refused before they are read.
     */
    ifcMaxBytes: number;
    /**
     * How far the process may grow while one model is converted or read (IFC_WORKER_MEMORY_MB):
     * web-ifc needs about nine times the model's size; a model that needs more fails as too large.
     */
    ifcWorkerMemoryMb: number;
    /**
     * How fast one zip download streams, in bytes per second (ZIP_STREAM_MB_PER_S; 0: as fast as the
     * client reads): a few zips read at a local network's speed would otherwise take the cores.
     */
    zipBytesPerSecond: number;
  };
  /**
   * Storage limits (docs/operations.md): per tenant the bytes and files stored, counted with the
   * uploads announced and not finished (TENANT_STORAGE_QUOTA_MB, TENANT_FILE_QUOTA; a tenant's own
   * value in `tenant_storage_usage` wins); per user the uploads in progress and the uploads started
   * per minute.
   */
  quotas: { tenantBytes: number; tenantFiles: number; openUploadsPerUser: number; uploadsPerMinute: number };
  /** Below this much free space in DATA_DIR the server logs a warning (DISK_FREE_WARNING_MB; 0: never). */
  diskFreeWarningBytes: number;
  operator: {
    name: string;
    address: string;
    email: string;
    phone: string;
    register: string;
    vatId: string;
    representative: string;
  };
};

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Parses and validates the environment once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SECRET_KEY !== undefined && e.SECRET_KEY !== '' && e.SECRET_KEY.length < 32) {
    throw new Error('Invalid configuration:\n  SECRET_KEY: at least 32 characters');
  }
  // Without PUBLIC_URL, links in mails and the sign-in callback point at the port this server listens on.
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const isLocal = /^http:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(publicUrl);
  if (!e.SECRET_KEY && e.NODE_ENV === 'production' && !isLocal) {
    throw new Error(
      'Invalid configuration:\n  SECRET_KEY: required when serving a public address (32+ random characters)',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // A local demo listens on this machine only; a server for another address on every interface.
    host: e.HOST ?? (isLocal ? '127.0.0.1' : '0.0.0.0'),
    dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL || undefined,
    secretKey: e.SECRET_KEY || DEVELOPMENT_SECRET_KEY,
    mailFrom: e.MAIL_FROM,
    productKey: e.PRODUCT_KEY,
    logLevel: e.LOG_LEVEL,
    seedDemo: (env.SEED_DEMO === undefined ? true : e.SEED_DEMO) && (isLocal || e.DEMO),
    demoAllowed: isLocal || e.DEMO,
    e2eReset: e.E2E_RESET,
    metricsToken: e.METRICS_TOKEN,
    searchConcurrency: e.SEARCH_CONCURRENCY ?? availableParallelism() + 1,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    apiTokenRequestsPerMinute: e.API_TOKEN_REQUESTS_PER_MINUTE,
    webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    demoIdp:
      (isLocal || e.DEMO) &&
      (e.DEMO_IDP ? e.DEMO_IDP === 'true' || e.DEMO_IDP === '1' : env.SEED_DEMO === undefined || e.SEED_DEMO),
    clientDir: path.resolve(e.CLIENT_DIR),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    outboundAllowNetworks: e.OUTBOUND_ALLOW_NETWORKS,
    publishOpenApi: e.NODE_ENV !== 'production' || e.PUBLISH_OPENAPI,
    firstScreen: !e.NO_FIRST_SCREEN && { renderTimeoutMs: 300, waitForStart: false },
    files: {
      retentionDays: e.FILE_RETENTION_DAYS,
      ifcMaxBytes: e.IFC_MAX_MB * 1024 * 1024,
      ifcWorkerMemoryMb: e.IFC_WORKER_MEMORY_MB,
      zipBytesPerSecond: e.ZIP_STREAM_MB_PER_S * 1024 * 1024,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_URL,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ? ['true', '1'].includes(e.S3_FORCE_PATH_STYLE) : !!e.S3_URL,
            prefix: 'files/',
          }
        : undefined,
    },
    quotas: {
      tenantBytes: e.TENANT_STORAGE_QUOTA_MB * 1024 * 1024,
      tenantFiles: e.TENANT_FILE_QUOTA,
      openUploadsPerUser: e.OPEN_UPLOADS_PER_USER,
      uploadsPerMinute: e.UPLOADS_PER_USER_PER_MINUTE,
    },
    diskFreeWarningBytes: e.DISK_FREE_WARNING_MB * 1024 * 1024,
    operator: {
      name: e.OPERATOR_NAME,
      address: e.OPERATOR_ADDRESS,
      email: e.OPERATOR_EMAIL,
      phone: e.OPERATOR_PHONE,
      register: e.OPERATOR_REGISTER,
      vatId: e.OPERATOR_VAT_ID,
      representative: e.OPERATOR_REPRESENTATIVE,
    },
  };
}
