import type { FastifyReply } from 'fastify';
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
import { entriesTable, figuresTable, toCsv, toXlsx, volumeTable } from './export';
import * as service from './service';

const product = z.object({ product: z.string() });
const format = z.enum(['csv', 'xlsx'], 'VALIDATION.InvalidChoice');
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

  /** Sends a table as CSV (the user's separators and formats) or XLSX (real numbers and dates). */
  async function sendTable(
    reply: FastifyReply,
    table: Parameters<typeof toCsv>[0],
    kind: 'csv' | 'xlsx',
    name: string,
    language: string,
  ) {
    if (kind === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(toCsv(table, language));
    }
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .send(await toXlsx(table, name));
  }

  app.get(
    '/api/data/:product/outlook/volumes/export',
    { schema: { tags, params: product, querystring: outlookFilterSchema.extend({ format }) } },
    async (request, reply) => {
      const user = requireUser(request);
      const { format: kind, ...filter } = request.query;
      const volumes = await service.getVolumes(app.ctx, user, filter);
      const name = `outlook-${filter.material}-${volumes.weeks[0]?.isoWeek ?? ''}`;
      return sendTable(reply, volumeTable(volumes, user.language), kind, name, user.language);
    },
  );

  app.get(
    '/api/data/:product/outlook/entries/export',
    { schema: { tags, params: product, querystring: outlookEntriesQuerySchema.extend({ format }) } },
    async (request, reply) => {
      const user = requireUser(request);
      const { format: kind, ...filter } = request.query;
      const entries = await service.getWeekEntries(app.ctx, user, filter);
      const name = `outlook-${filter.material}-${filter.week}-${filter.plant}`;
      return sendTable(reply, entriesTable(entries.data, user.language), kind, name, user.language);
    },
  );

  app.get(
    '/api/data/:product/outlook/figures/export',
    {
      schema: {
        tags,
        params: product,
        querystring: outlookFilterSchema
          .omit({ material: true })
          .extend({ format, table: z.enum(['states', 'waiting'], 'VALIDATION.InvalidChoice') }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { format: kind, table, ...filter } = request.query;
      const figures = await service.getFigures(app.ctx, user, filter);
      const name = `outlook-${table}-${figures.since.slice(0, 10)}`;
      return sendTable(reply, figuresTable(figures, table, user.language), kind, name, user.language);
    },
  );
};
