import type { ApiToken, WebhookDelivery, WebhookEndpoint } from '../../../../shared/schemas/machine-access';

export const endpointFixture = (e: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  endpointID: 5,
  url: 'https://erp.example.com/hook',
  description: 'ERP',
  events: ['order.placed'],
  createdAt: '2026-11-01T08:00:00Z',
  pausedAt: null,
  pauseReason: null,
  waiting: 0,
  ...e,
});

export const deliveryFixture = (d: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  deliveryID: 70,
  messageID: 'msg_1',
  eventType: 'order.placed',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  durationMs: 1250,
  lastError: null,
  createdAt: '2026-11-20T09:30:00Z',
  lastAttemptAt: '2026-11-20T09:30:01Z',
  nextAttemptAt: null,
  ...d,
});

export const tokenFixture = (t: Partial<ApiToken> = {}): ApiToken => ({
  tokenID: 3,
  name: 'ERP',
  hint: 'pp_ab12…',
  scopes: ['projects:read'],
  createdAt: '2026-11-01T08:00:00Z',
  createdBy: 'Ada Admin',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  state: 'active',
  ...t,
});
