import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  downloadCreatedSchema,
  downloadIdParam,
  downloadSelectionSchema,
  filePolicyInputSchema,
  filePolicySchema,
  fileTreeNodeSchema,
  fileVersionQuerySchema,
  unitFilesSchema,
} from '../../../shared/schemas/files';
import { storageUsageSchema } from '../../../shared/schemas/storage-usage';
import { requireUser } from '../../platform/auth/auth-plugin';
import * as files from './file-downloads';
import * as policy from './policy-service';
import * as quota from './quota-service';
import * as service from './service';
import { uploadRoutes } from './upload-routes';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['files'];
const unitParams = z.object({ rootId: idParam, unitId: idParam });
const fileParams = unitParams.extend({ fileId: idParam });
const rootParams = z.object({ rootUnitId: idParam });

/** Project files (spec §7 file calls): lists, tree, single downloads, zip downloads, delete, upload; the tenant's policy. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoutes);

  app.get(
    '/api/file/projectFiles/:rootUnitId',
    { schema: { tags, params: rootParams, response: { 200: fileTreeNodeSchema, ...errors } } },
    async (request) => service.getFileTree(app.ctx, requireUser(request), request.params.rootUnitId),
  );

  app.post(
    '/api/file/projectFiles/:rootUnitId',
    {
      schema: {
        tags,
        params: rootParams,
        body: downloadSelectionSchema,
        response: { 200: downloadCreatedSchema, ...errors },
      },
    },
    async (request) => service.createDownload(app.ctx, requireUser(request), request.params.rootUnitId, request.body),
  );

  app.get(
    '/api/file/projectFiles/download/:downloadID',
    { schema: { tags, params: z.object({ downloadID: downloadIdParam }), response: errors }, config: files.zipWork },
    async (request, reply) => files.sendZip(app.ctx, requireUser(request), request.params.downloadID, reply),
  );

  app.get(
    '/api/file/:rootId/:unitId',
    { schema: { tags, params: unitParams, response: { 200: unitFilesSchema, ...errors } } },
    async (request) =>
      service.listUnitFiles(app.ctx, requireUser(request), request.params.rootId, request.params.unitId),
  );

  app.get(
    '/api/file/:rootId/:unitId/:fileId/content',
    {
      schema: {
        tags,
        params: fileParams,
        querystring: fileVersionQuerySchema.extend({ inline: z.enum(['1', '0']).optional() }),
        response: errors,
      },
    },
    async (request, reply) =>
      files.sendFile(app.ctx, requireUser(request), { ...request.params, ...request.query }, request, reply),
  );

  app.delete(
    '/api/file/:rootId/:unitId/:fileId',
    { schema: { tags, params: fileParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.deleteFile(app.ctx, requireUser(request), request.params);
      return reply.status(204).send(null);
    },
  );

  // The tenant's file policy (admin area): allowed kinds and the size limit per file.
  const policyPath = '/api/data/:product/file-policy';
  const product = z.object({ product: z.string() });
  const policyResponse = { 200: filePolicySchema, ...errors };
  app.get(policyPath, { schema: { tags, params: product, response: policyResponse } }, async (request) =>
    policy.getFilePolicy(app.ctx, requireUser(request)),
  );
  app.put(
    policyPath,
    { schema: { tags, params: product, body: filePolicyInputSchema, response: policyResponse } },
    async (request) => policy.updateFilePolicy(app.ctx, requireUser(request), request.body),
  );
  app.delete(policyPath, { schema: { tags, params: product, response: policyResponse } }, async (request) =>
    policy.resetFilePolicy(app.ctx, requireUser(request)),
  );
  // The tenant's storage against its quota (admin area, beside the policy).
  app.get(
    `${policyPath}/usage`,
    { schema: { tags, params: product, response: { 200: storageUsageSchema, ...errors } } },
    async (request) => quota.getStorageUsage(app.ctx, requireUser(request)),
  );
};
