import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { listResponse } from '../../../shared/schemas/list';
import {
  outlookEntriesQuerySchema,
  outlookEntrySchema,
  outlookFiguresSchema,
  outlookFilterSchema,
  outlookVolumesSchema,
  plantCapacityInputSchema,
} from '../../../shared/schemas/outlook';
import { requireUser } from '../../platform/auth/auth-plugin';
import { toCsv, toXlsx, volumeTable } from './export';
import * as service from './service';

const product = z.object({ product: z.string() });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const plantCapacitySchema = z.object({
  plantId: z.number().int(),
  name: z.string(),
  weeklyCapacity: z.number().nullable(),
});

/** The manufacturer's outlook: volumes per plant and week, what stands behind a column, figures. */
export const outlookRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['outlook'];

  app.get(
    '/api/data/:product/outlook/volumes',
    {
      schema: {
        tags,
        params: product,
        querystring: outlookFilterSchema,
        response: { 200: outlookVolumesSchema, ...errors },
      },
    },
    async (request) => service.getVolumes(app.ctx, requireUser(request), request.query),
  );

  app.get(
    '/api/data/:product/outlook/entries',
    {
      schema: {
        tags,
        params: product,
        querystring: outlookEntriesQuerySchema,
        response: { 200: listResponse(outlookEntrySchema), ...errors },
      },
    },
    async (request) => service.getWeekEntries(app.ctx, requireUser(request), request.query),
  );

  app.get(
    '/api/data/:product/outlook/figures',
    {
      schema: {
        tags,
        params: product,
        querystring: outlookFilterSchema.omit({ material: true }),
        response: { 200: outlookFiguresSchema, ...errors },
      },
    },
    async (request) => service.getFigures(app.ctx, requireUser(request), request.query),
  );

  app.get(
    '/api/data/:product/outlook/plants',
    { schema: { tags, params: product, response: { 200: z.array(plantCapacitySchema), ...errors } } },
    async (request) => service.listPlantCapacities(app.ctx, requireUser(request)),
  );

  app.put(
    '/api/data/:product/outlook/plants/:id',
    {
      schema: {
        tags,
        params: product.extend({ id: idParam }),
        body: plantCapacityInputSchema,
        response: { 200: plantCapacitySchema, ...errors },
      },
    },
    async (request) =>
      service.setPlantCapacity(app.ctx, requireUser(request), request.params.id, request.body.weeklyCapacity),
  );

  app.get(
    '/api/data/:product/outlook/volumes/export',
    {
      schema: {
        tags,
        params: product,
        querystring: outlookFilterSchema.extend({ format: z.enum(['csv', 'xlsx'], 'VALIDATION.InvalidChoice') }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { format, ...filter } = request.query;
      const volumes = await service.getVolumes(app.ctx, user, filter);
      const table = volumeTable(volumes, user.language);
      const name = `outlook-${filter.material}-${volumes.weeks[0]?.isoWeek ?? ''}`;
      if (format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(toCsv(table, user.language));
      }
      const body = await toXlsx(table, name);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .send(body);
    },
  );
};
