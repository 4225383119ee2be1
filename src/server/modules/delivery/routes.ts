import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam, okSchema } from '../../../shared/schemas/common';
import {
  deliveryDataSchema,
  deliveryLotInputSchema,
  deliveryLotPageSchema,
  deliveryLotSchema,
  deliveryOverviewInfoSchema,
  divergingDeliveriesSchema,
  modelTreeSchema,
  saveDeliveryDataSchema,
} from '../../../shared/schemas/delivery';
import { listQueryStringSchema } from '../../../shared/schemas/list';
import { requireUser } from '../../platform/auth/auth-plugin';
import { getDeliveryData, saveDeliveryData } from './data-service';
import { getStructureModelChanges } from './model-changes-service';
import { getModelTree } from './model-tree-service';
import { structureModelChangesSchema } from '../../../shared/schemas/structure';
import { AppError } from '../../../shared/errors';
import {
  confirmDeliveryLot,
  createDeliveryLot,
  deleteDeliveryLot,
  getDeliveryOverviewInfo,
  listDeliveryLots,
  listDivergingDeliveries,
  sendOverviewModel,
  updateDeliveryLot,
} from './lot-service';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const rootParams = z.object({ product: z.string(), rootUnitId: idParam });
const lotParams = z.object({ product: z.string(), deliveryLotId: idParam });

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

  const lot = { tags: ['delivery'], params: lotParams };
  const lotErrors = { ...errors, 409: errorBodySchema };
  app.get(
    '/api/data/:product/delivery-overview/:rootUnitId',
    { schema: { ...schema, querystring: listQueryStringSchema, response: { 200: deliveryLotPageSchema, ...errors } } },
    async (request) => listDeliveryLots(app.ctx, requireUser(request), request.params.rootUnitId, request.query),
  );
  app.get(
    '/api/data/:product/delivery-overview/:rootUnitId/info',
    { schema: { ...schema, response: { 200: deliveryOverviewInfoSchema, ...errors } } },
    async (request) => getDeliveryOverviewInfo(app.ctx, requireUser(request), request.params.rootUnitId),
  );
  app.get(
    '/api/data/:product/delivery-overview/:rootUnitId/model/:versionId',
    {
      // The fragments are compressed already: sent as they are.
      compress: false,
      schema: { ...schema, params: rootParams.extend({ versionId: idParam }), response: errors },
    },
    async (request, reply) =>
      sendOverviewModel(app.ctx, requireUser(request), request.params.rootUnitId, request.params.versionId, reply),
  );
  app.post(
    '/api/data/:product/delivery-overview/:rootUnitId',
    { schema: { ...schema, body: deliveryLotInputSchema, response: { 200: deliveryLotSchema, ...errors } } },
    async (request) => createDeliveryLot(app.ctx, requireUser(request), request.params.rootUnitId, request.body),
  );
  app.put(
    '/api/data/:product/delivery-lots/:deliveryLotId',
    { schema: { ...lot, body: deliveryLotInputSchema, response: { 200: deliveryLotSchema, ...errors } } },
    async (request) => updateDeliveryLot(app.ctx, requireUser(request), request.params.deliveryLotId, request.body),
  );
  app.delete(
    '/api/data/:product/delivery-lots/:deliveryLotId',
    { schema: { ...lot, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await deleteDeliveryLot(app.ctx, requireUser(request), request.params.deliveryLotId);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/data/:product/delivery-lots/:deliveryLotId/confirm',
    { schema: { ...lot, response: { 200: deliveryLotSchema, ...lotErrors } } },
    async (request) => confirmDeliveryLot(app.ctx, requireUser(request), request.params.deliveryLotId),
  );

  app.get(
    '/api/data/:product/dashboard/diverging-deliveries',
    {
      schema: {
        tags: ['delivery', 'dashboard'],
        params: z.object({ product: z.string() }),
        response: { 200: divergingDeliveriesSchema, ...errors },
      },
    },
    async (request) => listDivergingDeliveries(app.ctx, requireUser(request)),
  );

  app.get(
    '/api/view/:unitId/:fileName',
    {
      schema: {
        tags: ['delivery'],
        params: z.object({ unitId: idParam, fileName: z.string().max(40) }),
        response: { 200: modelTreeSchema, ...errors },
      },
    },
    async (request) => {
      if (request.params.fileName !== `${request.params.unitId}.json`) throw new AppError('NotFound');
      return getModelTree(app.ctx, requireUser(request), request.params.unitId);
    },
  );

  // The structure editor marks the approval lots whose storey's walls changed since the model's previous version.
  app.get(
    '/api/data/:product/projects/:id/structure-draft/model-changes',
    {
      schema: {
        tags: ['structure'],
        params: z.object({ product: z.string(), id: idParam }),
        response: { 200: structureModelChangesSchema, ...errors },
      },
    },
    async (request) => getStructureModelChanges(app.ctx, requireUser(request), request.params.id),
  );
};
