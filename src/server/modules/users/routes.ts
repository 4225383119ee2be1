import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam, okSchema } from '../../../shared/schemas/common';
import { listQueryStringSchema } from '../../../shared/schemas/list';
import {
  acceptInvitationSchema,
  adminUserSchema,
  invitationInfoSchema,
  invitationTokenSchema,
  inviteUserSchema,
  updateUserSchema,
} from '../../../shared/schemas/users';
import { requireUser } from '../../platform/auth/auth-plugin';
import { HOUR_MS, type RateLimit } from '../../platform/http/rate-limit';
import { acceptInvitation, copyInvitationLink, getInvitation } from './invitations';
import * as users from './service';

const product = z.object({ product: z.string() });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * New users per hour, per admin and per tenant: each sends a mail (to a new address, or a notice
 * to a person of another tenant), so an admin cannot mail-bomb or sweep addresses through it.
 */
export const USER_CREATION_LIMITS = { perAdmin: 60, perTenant: 200 } as const;
/** Shared by every route that creates users (same bucket names: one count however it is done). */
export const userCreationLimits: RateLimit[] = [
  { name: 'user-creation-admin', max: USER_CREATION_LIMITS.perAdmin, windowMs: HOUR_MS, key: 'user' },
  {
    name: 'user-creation-tenant',
    max: USER_CREATION_LIMITS.perTenant,
    windowMs: HOUR_MS,
    key: (request) => (request.user ? `t${request.user.tenantId}` : null),
  },
];

/** The tenant's users for its admins (own tenant only), and the public invitation link. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  // `/users/{userID}` is the spec's own-language endpoint; the admin's list lives beside it.
  const base = '/api/data/:product/tenant-users';
  const params = product.extend({ userID: idParam });
  const one = { 200: adminUserSchema, ...errors };

  app.get(
    base,
    {
      schema: {
        tags,
        params: product,
        querystring: listQueryStringSchema,
        response: { 200: z.object({ data: z.array(adminUserSchema), count: z.number().int() }), ...errors },
      },
    },
    async (request) => users.listUsers(app.ctx, requireUser(request), request.query),
  );

  app.post(
    base,
    {
      config: { rateLimits: userCreationLimits },
      schema: { tags, params: product, body: inviteUserSchema, response: { ...one, 429: errorBodySchema } },
    },
    async (request) => users.inviteUser(app.ctx, requireUser(request), request.body),
  );

  app.get(`${base}/:userID`, { schema: { tags, params, response: one } }, async (request) =>
    users.getTenantUser(app.ctx, requireUser(request), request.params.userID),
  );

  app.put(`${base}/:userID`, { schema: { tags, params, body: updateUserSchema, response: one } }, async (request) =>
    users.updateUser(app.ctx, requireUser(request), request.params.userID, request.body),
  );

  app.post(`${base}/:userID/deactivate`, { schema: { tags, params, response: one } }, async (request) =>
    users.deactivateUser(app.ctx, requireUser(request), request.params.userID),
  );

  app.post(`${base}/:userID/reactivate`, { schema: { tags, params, response: one } }, async (request) =>
    users.reactivateUser(app.ctx, requireUser(request), request.params.userID),
  );

  app.post(`${base}/:userID/invitation`, { schema: { tags, params, response: one } }, async (request) =>
    users.resendInvitation(app.ctx, requireUser(request), request.params.userID),
  );

  app.post(
    `${base}/:userID/invitation-link`,
    {
      schema: {
        tags,
        params,
        response: { 200: z.object({ link: z.string(), validUntil: z.string().nullable() }), ...errors },
      },
    },
    async (request) => copyInvitationLink(app.ctx, requireUser(request), request.params.userID),
  );

  // Reached from the invitation mail before the user has a session: the token is the proof.
  // It travels in the body, not the path, so it stays out of access logs.
  // A cut or mistyped link is reported as an invalid link, not as a length rule the user never typed.
  const token = z.object({ token: invitationTokenSchema });
  app.post(
    '/api/account/invitation/info',
    {
      config: { public: true },
      schema: { tags: ['account'], body: token, response: { 200: invitationInfoSchema, 400: errorBodySchema } },
    },
    async (request) => getInvitation(app.ctx, request.body.token),
  );

  app.post(
    '/api/account/invitation/accept',
    {
      config: { public: true },
      schema: { tags: ['account'], body: acceptInvitationSchema, response: { 200: okSchema, 400: errorBodySchema } },
    },
    async (request) => {
      await acceptInvitation(app.ctx, request.body);
      return { ok: true as const };
    },
  );
};
