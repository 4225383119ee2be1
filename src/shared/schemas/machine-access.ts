import { z } from 'zod';
import { LIMITS } from './limits';
import { isoDateTime, text } from './common';

/** What an API token may do (issue 36); each API route a token may call needs one of them. */
export const TOKEN_SCOPES = ['projects:read', 'orders:read', 'orders:write', 'files:read', 'webhooks:manage'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

/** The recognisable start of every token secret (so secret scanners and people can tell it). */
export const TOKEN_PREFIX = 'pp_';

export const apiTokenSchema = z.object({
  tokenID: z.number().int(),
  name: z.string(),
  scopes: z.array(tokenScopeSchema),
  /** The first characters of the secret (`pp_ab12…`), so an admin can tell tokens apart. */
  hint: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenInputSchema = z.object({
  name: text(LIMITS.name),
  scopes: z
    .array(tokenScopeSchema)
    .min(1, 'ADMIN.ApiTokens.ScopeRequired')
    .max(TOKEN_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'VALIDATION.Duplicate'),
  /** Optional end of validity (ISO date-time, in the future). */
  expiresAt: isoDateTime.nullable().optional(),
});
export type ApiTokenInput = z.infer<typeof apiTokenInputSchema>;

/** The answer to creating a token: the secret, shown this once. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** The events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.confirmed',
  'delivery.lot.changed',
  'delivery.confirmed',
  'unit.state.changed',
  'file.version.added',
  'review.decided',
  'project.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/** Waits after a delivery's 1st, 2nd, … failed attempt: 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, 12 h (about 22 h 43 min in all). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  30_000,
  120_000,
  600_000,
  3_600_000,
  3 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
];

/** Webhook signing secrets follow the Standard Webhooks form `whsec_<base64>`. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const webhookSecretSchema = z
  .string()
  .max(LIMITS.code)
  .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'ADMIN.Webhooks.SecretFormat');

export const webhookEndpointInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(LIMITS.url)
    .pipe(z.url({ protocol: /^https?$/, message: 'ADMIN.Webhooks.UrlInvalid' })),
  description: text(LIMITS.name, { required: false }).optional(),
  events: z
    .array(webhookEventTypeSchema)
    .min(1, 'ADMIN.Webhooks.EventRequired')
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((s) => new Set(s).size === s.length, 'VALIDATION.Duplicate'),
  /** A secret of one's own (`whsec_…`); generated when left out. */
  secret: webhookSecretSchema.optional(),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = webhookEndpointInputSchema.omit({ secret: true }).extend({
  /** false resumes a paused endpoint (its waiting deliveries go out again). */
  paused: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  endpointID: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  createdAt: z.string(),
  pausedAt: z.string().nullable(),
  pauseReason: z.string().nullable(),
  /** Deliveries waiting or being sent. */
  waiting: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Creating an endpoint answers with its secret once (it can be read again by an admin). */
export const createdWebhookEndpointSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });

export const webhookSecretResponseSchema = z.object({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  deliveryID: z.number().int(),
  messageID: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'sending', 'delivered', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
