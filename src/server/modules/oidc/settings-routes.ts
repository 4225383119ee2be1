import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import {
  companySignInInputSchema,
  companySignInSchema,
  companySignInTestResultSchema,
  companySignInTestSchema,
} from '../../../shared/schemas/users';
import { requireUser } from '../../platform/auth/auth-plugin';
import { getCompanySignIn, saveCompanySignIn, testCompanySignIn } from './settings-service';

const product = z.object({ product: z.string() });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Company sign-in (OpenID Connect) settings of the admin's own tenant. */
export const oidcSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const path = '/api/data/:product/company-sign-in';

  app.get(
    path,
    { schema: { tags, params: product, response: { 200: companySignInSchema, ...errors } } },
    async (request) => getCompanySignIn(app.ctx, requireUser(request)),
  );

  app.put(
    path,
    {
      schema: {
        tags,
        params: product,
        body: companySignInInputSchema,
        response: { 200: companySignInSchema, ...errors },
      },
    },
    async (request) => saveCompanySignIn(app.ctx, requireUser(request), request.body),
  );

  app.post(
    `${path}/test`,
    {
      schema: {
        tags,
        params: product,
        body: companySignInTestSchema,
        response: { 200: companySignInTestResultSchema, ...errors },
      },
    },
    async (request) => testCompanySignIn(app.ctx, requireUser(request), request.body.issuer),
  );
};
