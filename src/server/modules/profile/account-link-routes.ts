import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, okSchema } from '../../../shared/schemas/common';
import {
  accountDeleteConfirmSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '../../../shared/schemas/profile';
import { requireUser } from '../../platform/auth/auth-plugin';
import { HOUR_MS, MAIL_REQUEST_LIMITS } from '../../platform/http/rate-limit';
import {
  confirmAccountDeletion,
  confirmPasswordReset,
  requestAccountDeletion,
  requestPasswordReset,
} from './account-links';

const ok = { ok: true as const };

/**
 * Forgotten password and account deletion by e-mail link (docs/decisions/004-account-paths.md).
 * The request and confirm endpoints reached from an e-mail link are public: the token is the proof.
 */
export const accountLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];

  app.post(
    '/api/account/password-reset/request',
    {
      config: {
        public: true,
        // Counted per login whether an account exists or not, so the refusal reveals no account.
        rateLimits: [
          {
            name: 'password-reset-login',
            max: MAIL_REQUEST_LIMITS.passwordResetPerLogin,
            windowMs: HOUR_MS,
            key: (request) => (request.body as { login: string }).login.trim().toLowerCase(),
          },
          {
            name: 'password-reset-client',
            max: MAIL_REQUEST_LIMITS.passwordResetPerClient,
            windowMs: HOUR_MS,
            key: 'client',
          },
        ],
      },
      schema: { tags, body: passwordResetRequestSchema, response: { 200: okSchema, 400: errorBodySchema } },
    },
    async (request) => {
      await requestPasswordReset(app.ctx, request.body.login);
      return ok;
    },
  );

  app.post(
    '/api/account/password-reset/confirm',
    {
      config: { public: true },
      schema: { tags, body: passwordResetConfirmSchema, response: { 200: okSchema, 400: errorBodySchema } },
    },
    async (request) => {
      await confirmPasswordReset(app.ctx, request.body);
      return ok;
    },
  );

  app.post(
    '/api/account/delete',
    { schema: { tags, response: { 200: okSchema, 404: errorBodySchema } } },
    async (request) => {
      await requestAccountDeletion(app.ctx, requireUser(request));
      return ok;
    },
  );

  app.post(
    '/api/account/delete/confirm',
    {
      config: { public: true },
      schema: { tags, body: accountDeleteConfirmSchema, response: { 200: okSchema, 400: errorBodySchema } },
    },
    async (request) => {
      await confirmAccountDeletion(app.ctx, request.body.token);
      return ok;
    },
  );
};
