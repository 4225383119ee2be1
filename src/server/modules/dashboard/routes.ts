import { HOUR_MS, MAIL_REQUEST_LIMITS } from '../../platform/http/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countSchema, errorBodySchema, okSchema } from '../../../shared/schemas/common';
import { salesOrganisationsResponseSchema, salesOrgRequestMailSchema } from '../../../shared/schemas/dashboard';
import { requireUser } from '../../platform/auth/auth-plugin';
import { getProjectCount, getTaskCount, listSalesOrganisations, sendSalesOrgRequest } from './service';

const product = z.object({ product: z.string() });

/** Dashboard counters, the sales organisations and the new-project request mail (spec §2 Dashboard, §7). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/data/:product/dashboard/projectCount',
    { schema: { tags: ['dashboard'], params: product, response: { 200: countSchema, 404: errorBodySchema } } },
    async (request) => getProjectCount(app.ctx, requireUser(request)),
  );

  app.get(
    '/api/data/:product/dashboard/taskCount',
    { schema: { tags: ['dashboard'], params: product, response: { 200: countSchema, 404: errorBodySchema } } },
    async (request) => getTaskCount(app.ctx, requireUser(request)),
  );

  app.get(
    '/api/data/:product/salesorganisations',
    {
      schema: {
        tags: ['dashboard'],
        params: product,
        response: { 200: salesOrganisationsResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => listSalesOrganisations(app.ctx, requireUser(request), app.ctx.config.productKey),
  );

  app.post(
    '/api/data/:product/email/send',
    {
      config: {
        rateLimits: [
          {
            name: 'sales-org-request',
            max: MAIL_REQUEST_LIMITS.salesOrgRequestPerUser,
            windowMs: HOUR_MS,
            key: 'user',
          },
        ],
      },
      schema: {
        tags: ['dashboard'],
        params: product,
        body: salesOrgRequestMailSchema,
        response: { 200: okSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => sendSalesOrgRequest(app.ctx, requireUser(request), request.body),
  );
};
