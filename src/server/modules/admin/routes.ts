import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerInputSchema,
  bannerSchema,
  outboxMailSchema,
  plantSchema,
  preliminaryDaysInputSchema,
  preliminaryDaysSchema,
  productTypeSchema,
  salesOrgSchema,
} from '../../../shared/schemas/admin';
import { brandingInputSchema, brandingSchema } from '../../../shared/schemas/branding';
import { errorBodySchema, idParam, okSchema } from '../../../shared/schemas/common';
import { requireUser } from '../../platform/auth/auth-plugin';
import { listQueryStringSchema, listResponse } from '../../../shared/schemas/list';
import * as banners from './banners-service';
import * as branding from './branding-service';
import * as catalogue from './catalogue-service';

const product = z.object({ product: z.string() });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Admin area (spec/admin-profile-orders.md §2, §7): banners, preliminary days, outbox. Own tenant only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/api/banner-notifications/sales-orgs',
    { schema: { tags, response: { 200: z.array(salesOrgSchema), ...errors } } },
    async (request) => banners.listSalesOrgs(app.ctx, requireUser(request)),
  );

  app.get(
    '/api/banner-notifications/active',
    {
      schema: {
        tags,
        querystring: z.object({ rootUnitId: idParam.optional() }),
        response: { 200: z.array(bannerSchema), ...errors },
      },
    },
    async (request) => banners.listActiveBanners(app.ctx, requireUser(request), request.query.rootUnitId),
  );

  const bannerBase = '/api/data/:product/banner-notifications';
  const bannerParams = product.extend({ notificationID: idParam });

  app.get(
    bannerBase,
    {
      schema: {
        tags,
        params: product,
        querystring: listQueryStringSchema,
        response: { 200: listResponse(bannerSchema), ...errors },
      },
    },
    async (request) => banners.listBanners(app.ctx, requireUser(request), request.query),
  );

  app.post(
    bannerBase,
    { schema: { tags, params: product, body: bannerInputSchema, response: { 200: bannerSchema, ...errors } } },
    async (request) => banners.createBanner(app.ctx, requireUser(request), request.body),
  );

  app.put(
    `${bannerBase}/:notificationID`,
    { schema: { tags, params: bannerParams, body: bannerInputSchema, response: { 200: bannerSchema, ...errors } } },
    async (request) => banners.updateBanner(app.ctx, requireUser(request), request.params.notificationID, request.body),
  );

  app.delete(
    `${bannerBase}/:notificationID`,
    { schema: { tags, params: bannerParams, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await banners.deleteBanner(app.ctx, requireUser(request), request.params.notificationID);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/data/:product/plants',
    { schema: { tags, params: product, response: { 200: listResponse(plantSchema), ...errors } } },
    async (request) => ({
      data: await catalogue.listPlants(app.ctx, requireUser(request)),
    }),
  );

  app.get(
    '/api/data/:product/producttypes',
    { schema: { tags, params: product, response: { 200: listResponse(productTypeSchema), ...errors } } },
    async (request) => ({
      data: await catalogue.listProductTypes(app.ctx, requireUser(request)),
    }),
  );

  app.get(
    '/api/data/:product/productplantpreliminarydays',
    { schema: { tags, params: product, response: { 200: listResponse(preliminaryDaysSchema), ...errors } } },
    async (request) => ({ data: await catalogue.listPreliminaryDays(app.ctx, requireUser(request)) }),
  );

  app.put(
    '/api/data/:product/productplantpreliminarydays/:id',
    {
      schema: {
        tags,
        params: product.extend({ id: idParam }),
        body: preliminaryDaysInputSchema,
        response: { 200: preliminaryDaysSchema, ...errors },
      },
    },
    async (request) =>
      catalogue.updatePreliminaryDays(app.ctx, requireUser(request), request.params.id, request.body.PreliminaryDays),
  );

  app.get(
    '/api/data/:product/mailoutbox',
    {
      schema: {
        tags,
        params: product,
        querystring: listQueryStringSchema,
        response: { 200: listResponse(outboxMailSchema), ...errors },
      },
    },
    async (request) => catalogue.listOutbox(app.ctx, requireUser(request), request.query),
  );

  app.post(
    '/api/data/:product/mailoutbox/:id/retry',
    { schema: { tags, params: product.extend({ id: idParam }), response: { 200: okSchema, ...errors } } },
    async (request) => catalogue.retryOutboxMail(app.ctx, requireUser(request), request.params.id),
  );

  // The tenant's brand colour: the browser's chrome of its users (web app manifest, theme-color).
  const brandingPath = '/api/data/:product/branding';
  app.get(
    brandingPath,
    { schema: { tags, params: product, response: { 200: brandingSchema, ...errors } } },
    async (request) => branding.getBranding(app.ctx, requireUser(request)),
  );
  app.put(
    brandingPath,
    { schema: { tags, params: product, body: brandingInputSchema, response: { 200: brandingSchema, ...errors } } },
    async (request) => branding.updateBranding(app.ctx, requireUser(request), request.body),
  );
};
