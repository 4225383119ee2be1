import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam, okSchema } from '../../../shared/schemas/common';
import {
  apiTokenInputSchema,
  apiTokenSchema,
  createdApiTokenSchema,
  createdWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookSecretResponseSchema,
} from '../../../shared/schemas/machine-access';
import { requireUser } from '../../platform/auth/auth-plugin';
import { createApiToken, listApiTokens, revokeApiToken } from './token-service';
import * as webhooks from './webhook-service';

const product = z.object({ product: z.string() });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const endpointParams = product.extend({ endpointID: idParam });
const adminOnly = 'Tenant admins only (a session; API tokens cannot manage tokens).';
const managers = 'Tenant admins, or an API token with the scope `webhooks:manage`.';

/** API tokens and webhook endpoints of the own tenant (issue 36). */
export const machineAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokenTags = ['api-tokens'];
  const hookTags = ['webhooks'];
  const tokens = '/api/data/:product/api-tokens';

  app.get(
    tokens,
    {
      schema: {
        tags: tokenTags,
        summary: 'List API tokens',
        description: `The tenant's API tokens, newest first, with scopes, expiry, last use and state. ${adminOnly}`,
        params: product,
        response: { 200: z.array(apiTokenSchema), ...errors },
      },
    },
    async (request) => listApiTokens(app.ctx, requireUser(request)),
  );
  app.post(
    tokens,
    {
      schema: {
        tags: tokenTags,
        summary: 'Create an API token',
        description: `Creates a named token with scopes and an optional expiry. The secret (\`pp_…\`) is in this answer only; the server keeps its SHA-256. ${adminOnly}`,
        params: product,
        body: apiTokenInputSchema,
        response: { 200: createdApiTokenSchema, ...errors },
      },
    },
    async (request) => createApiToken(app.ctx, requireUser(request), request.body),
  );
  app.post(
    `${tokens}/:tokenID/revoke`,
    {
      schema: {
        tags: tokenTags,
        summary: 'Revoke an API token',
        description: `Revokes a token at once: its next call answers 401. ${adminOnly}`,
        params: product.extend({ tokenID: idParam }),
        response: { 200: apiTokenSchema, ...errors },
      },
    },
    async (request) => revokeApiToken(app.ctx, requireUser(request), request.params.tokenID),
  );

  const hooks = '/api/data/:product/webhook-endpoints';
  app.get(
    hooks,
    {
      schema: {
        tags: hookTags,
        summary: 'List webhook endpoints',
        description: `The tenant's endpoints with their events, pause state and waiting deliveries. ${managers}`,
        params: product,
        response: { 200: z.array(webhookEndpointSchema), ...errors },
      },
    },
    async (request) => webhooks.listEndpoints(app.ctx, requireUser(request), request.apiToken),
  );
  app.post(
    hooks,
    {
      schema: {
        tags: hookTags,
        summary: 'Register a webhook endpoint',
        description: `Registers a URL (public addresses only) for the events named. Without a secret one is generated (\`whsec_…\`); the answer holds it. ${managers}`,
        params: product,
        body: webhookEndpointInputSchema,
        response: { 200: createdWebhookEndpointSchema, ...errors },
      },
    },
    async (request) => webhooks.createEndpoint(app.ctx, requireUser(request), request.apiToken, request.body),
  );
  app.put(
    `${hooks}/:endpointID`,
    {
      schema: {
        tags: hookTags,
        summary: 'Change a webhook endpoint',
        description: `Changes URL, description and events; \`paused: false\` resumes a paused endpoint (its waiting deliveries go out in order), \`true\` pauses it. ${managers}`,
        params: endpointParams,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, ...errors },
      },
    },
    async (request) =>
      webhooks.updateEndpoint(app.ctx, requireUser(request), request.apiToken, request.params.endpointID, request.body),
  );
  app.delete(
    `${hooks}/:endpointID`,
    {
      schema: {
        tags: hookTags,
        summary: 'Remove a webhook endpoint',
        description: `Nothing more is sent to it; its waiting deliveries are dropped. ${managers}`,
        params: endpointParams,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await webhooks.deleteEndpoint(app.ctx, requireUser(request), request.apiToken, request.params.endpointID);
      return { ok: true as const };
    },
  );
  app.get(
    `${hooks}/:endpointID/secret`,
    {
      schema: {
        tags: hookTags,
        summary: 'Read the signing secret',
        description: `The endpoint's signing secret (to set up the receiver again). ${managers}`,
        params: endpointParams,
        response: { 200: webhookSecretResponseSchema, ...errors },
      },
    },
    async (request) =>
      webhooks.revealSecret(app.ctx, requireUser(request), request.apiToken, request.params.endpointID),
  );
  app.get(
    `${hooks}/:endpointID/deliveries`,
    {
      schema: {
        tags: hookTags,
        summary: 'List recent deliveries',
        description: `The endpoint's latest deliveries, newest first: status, attempts, answer code, duration and the next attempt. ${managers}`,
        params: endpointParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(webhookDeliverySchema), ...errors },
      },
    },
    async (request) =>
      webhooks.listDeliveries(
        app.ctx,
        requireUser(request),
        request.apiToken,
        request.params.endpointID,
        request.query.limit,
      ),
  );
  app.post(
    `${hooks}/:endpointID/test`,
    {
      schema: {
        tags: hookTags,
        summary: 'Send a test event',
        description: `Queues a \`webhook.test\` event to the endpoint, signed and delivered like any other. ${managers}`,
        params: endpointParams,
        response: { 200: z.object({ deliveryID: z.number().int() }), ...errors },
      },
    },
    async (request) =>
      webhooks.sendTestEvent(app.ctx, requireUser(request), request.apiToken, request.params.endpointID),
  );
  app.post(
    '/api/data/:product/webhook-deliveries/:deliveryID/resend',
    {
      schema: {
        tags: hookTags,
        summary: 'Resend a delivery',
        description: `Sends a delivered or failed delivery again, with the same \`webhook-id\` (receivers drop repeats). ${managers}`,
        params: product.extend({ deliveryID: idParam }),
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) =>
      webhooks.resendDelivery(app.ctx, requireUser(request), request.apiToken, request.params.deliveryID),
  );
};
