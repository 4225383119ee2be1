import { HOUR_MS, MAIL_REQUEST_LIMITS } from '../../platform/http/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam, okSchema } from '../../../shared/schemas/common';
import {
  additionalDataSchema,
  addressInputSchema,
  addressUpdateSchema,
  contactInputSchema,
  contactUpdateSchema,
  executeToolSchema,
  siteAddressSchema,
  siteContactSchema,
  tenantInfoSchema,
} from '../../../shared/schemas/projects';
import { requireUser } from '../../platform/auth/auth-plugin';
import * as site from './site-service';
import * as tools from './tools-service';

const product = z.object({ product: z.string() });
const withId = product.extend({ id: idParam });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['projects'];

/** Site address and contact (generic data records), their link to a unit, tools, tenant info and logo. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/data/:product/addresses/:id',
    { schema: { tags, params: withId, response: { 200: siteAddressSchema, ...errors } } },
    async (request) => site.getAddress(app.ctx, requireUser(request), request.params.id),
  );
  app.post(
    '/api/data/:product/addresses',
    { schema: { tags, params: product, body: addressInputSchema, response: { 200: siteAddressSchema, ...errors } } },
    async (request) => site.createAddress(app.ctx, requireUser(request), request.body),
  );
  app.put(
    '/api/data/:product/addresses/:id',
    { schema: { tags, params: withId, body: addressUpdateSchema, response: { 200: siteAddressSchema, ...errors } } },
    async (request) => site.updateAddress(app.ctx, requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/data/:product/contacts/:id',
    { schema: { tags, params: withId, response: { 200: siteContactSchema, ...errors } } },
    async (request) => site.getContact(app.ctx, requireUser(request), request.params.id),
  );
  app.post(
    '/api/data/:product/contacts',
    { schema: { tags, params: product, body: contactInputSchema, response: { 200: siteContactSchema, ...errors } } },
    async (request) => site.createContact(app.ctx, requireUser(request), request.body),
  );
  app.put(
    '/api/data/:product/contacts/:id',
    { schema: { tags, params: withId, body: contactUpdateSchema, response: { 200: siteContactSchema, ...errors } } },
    async (request) => site.updateContact(app.ctx, requireUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/data/:product/projectunitadditionaldata/:id',
    {
      schema: { tags, params: withId, body: additionalDataSchema, response: { 200: additionalDataSchema, ...errors } },
    },
    async (request) => site.updateAdditionalData(app.ctx, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/project-tools/execute',
    {
      config: {
        rateLimits: [
          { name: 'project-tool', max: MAIL_REQUEST_LIMITS.reviewerChangePerUser, windowMs: HOUR_MS, key: 'user' },
        ],
      },
      schema: { tags, body: executeToolSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => tools.executeTool(app.ctx, requireUser(request), request.body),
  );

  app.get(
    '/api/tenant-infos/:rootUnitId',
    { schema: { tags, params: z.object({ rootUnitId: idParam }), response: { 200: tenantInfoSchema, ...errors } } },
    async (request) => tools.getTenantInfo(app.ctx, requireUser(request), request.params.rootUnitId),
  );

  app.get(
    '/api/data/:product/tenantfiles/:id/thumbnail.png',
    { schema: { tags, params: product.extend({ id: z.string().max(30) }) } },
    async (request, reply) => {
      const png = await tools.getTenantLogo(app.ctx, requireUser(request), request.params.id);
      // Logos change rarely; a private day-long cache keeps lists and headers quick.
      return reply.type('image/png').header('Cache-Control', 'private, max-age=86400').send(png);
    },
  );
};
