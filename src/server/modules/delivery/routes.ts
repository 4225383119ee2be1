import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { deliveryDataSchema, saveDeliveryDataSchema } from '../../../shared/schemas/delivery';
import { requireUser } from '../../platform/auth/auth-plugin';
import { getDeliveryData, saveDeliveryData } from './data-service';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const rootParams = z.object({ product: z.string(), rootUnitId: idParam });

/** Delivery planning (spec/projects-workflows.md §2, §7): delivery data, delivery lots, overview, model tree. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['delivery'], params: rootParams };
  app.get(
    '/api/data/:product/delivery-data/:rootUnitId',
    { schema: { ...schema, response: { 200: deliveryDataSchema, ...errors } } },
    async (request) => getDeliveryData(app.ctx, requireUser(request), request.params.rootUnitId),
  );
  app.post(
    '/api/data/:product/delivery-data/:rootUnitId',
    { schema: { ...schema, body: saveDeliveryDataSchema, response: { 200: deliveryDataSchema, ...errors } } },
    async (request) => saveDeliveryData(app.ctx, requireUser(request), request.params.rootUnitId, request.body),
  );
};
