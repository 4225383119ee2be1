import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../shared/errors';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  createProjectStructureResponseSchema,
  deliveryStructureSchema,
  ifcStructureSchema,
  saveStructureDraftSchema,
  structureDraftResponseSchema,
} from '../../../shared/schemas/structure';
import { requireUser } from '../../platform/auth/auth-plugin';
import * as structure from './structure-service';

const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  422: errorBodySchema,
};
const tags = ['structure'];
const draftParams = z.object({ product: z.string(), id: idParam });

/** The structure editor: draft, create-project-structure (Structuring-finished), IFC structure. */
export const structureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/data/:product/projects/:id/structure-draft',
    { schema: { tags, params: draftParams, response: { 200: structureDraftResponseSchema, ...errors } } },
    async (request) => structure.getStructureDraft(app.ctx, requireUser(request), request.params.id),
  );

  app.put(
    '/api/data/:product/projects/:id/structure-draft',
    {
      schema: {
        tags,
        params: draftParams,
        body: saveStructureDraftSchema,
        response: { 200: structureDraftResponseSchema, ...errors },
      },
    },
    async (request) =>
      structure.saveStructureDraft(app.ctx, requireUser(request), request.params.id, request.body.structure),
  );

  app.post(
    '/api/tasks/create-project-structure/:rootId',
    {
      schema: {
        tags,
        params: z.object({ rootId: idParam }),
        body: deliveryStructureSchema,
        response: { 200: createProjectStructureResponseSchema, ...errors },
      },
    },
    async (request) =>
      structure.createProjectStructure(app.ctx, requireUser(request), request.params.rootId, request.body),
  );

  app.get(
    '/api/file/:rootId/:fileKey/ifcstructure',
    {
      schema: {
        tags,
        params: z.object({ rootId: idParam, fileKey: idParam }),
        response: { 200: ifcStructureSchema, ...errors },
      },
    },
    async (request) =>
      structure.getIfcStructure(app.ctx, requireUser(request), request.params.rootId, request.params.fileKey),
  );

  // The same reading, told as it goes: one JSON line per step ({"phase"}), then {"structure"} or
  // {"error"} (the error body of any answer). Refusals that need no reading answer as usual.
  app.get(
    '/api/file/:rootId/:fileKey/ifcstructure/progress',
    {
      compress: false,
      schema: { tags, params: z.object({ rootId: idParam, fileKey: idParam }), response: { 200: z.any(), ...errors } },
    },
    async (request, reply) => {
      const model = await structure.findIfcModel(
        app.ctx,
        requireUser(request),
        request.params.rootId,
        request.params.fileKey,
      );
      const out = new PassThrough();
      // A step reported after the end (the worker's last message may trail its result) is dropped.
      const line = (value: unknown) => !out.writableEnded && out.write(`${JSON.stringify(value)}\n`);
      structure
        .readIfcStructure(app.ctx, model, (phase) => line({ phase }))
        .then(
          (result) => line({ structure: result }),
          (err: unknown) => {
            if (!(err instanceof AppError)) request.log.error({ err }, 'IFC structure failed');
            line({ error: (err instanceof AppError ? err : new AppError('Internal')).toBody() });
          },
        )
        .finally(() => out.end());
      return reply.type('application/x-ndjson; charset=utf-8').header('Cache-Control', 'no-store').send(out);
    },
  );
};
