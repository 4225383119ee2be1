import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  sheetCalibrationInputSchema,
  sheetCalibrationSchema,
  sheetCalibrationsSchema,
} from '../../../shared/schemas/calibration';
import { compareQuerySchema, versionComparisonSchema } from '../../../shared/schemas/compare';
import { fileVersionQuerySchema } from '../../../shared/schemas/files';
import {
  bcfImportResultSchema,
  createCommentSchema,
  createTopicSchema,
  reviewDecisionSchema,
  reviewTopicSchema,
  reviewTopicsSchema,
  reviewUnitsSchema,
  signOffsSchema,
  updateTopicSchema,
} from '../../../shared/schemas/review';
import { stateChangeResponseSchema } from '../../../shared/schemas/workflow';
import { requireUser } from '../../platform/auth/auth-plugin';
import { pdfWork } from '../../platform/pdf/print-pdf';
import { exportBcf, importBcf, sendBcf } from './bcf-service';
import { bcfZipLimits } from './bcf-unzip';
import { contentDisposition } from '../files/content-disposition';
import { listCalibrations, saveCalibration } from './calibration-service';
import { compareVersions } from './compare-service';
import { registerConversions, resumeConversions } from './conversion-service';
import { sendFragments } from './fragments';
import { listReviewUnits } from './review-units';
import * as service from './service';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['viewer'];
const unitParams = z.object({ rootId: idParam, unitId: idParam });
const topicParams = unitParams.extend({ topicId: idParam });
const base = '/api/viewer/:rootId/:unitId';

/** Drawing review: converted models, topics with comments, the decision. */
export const viewerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Model conversion is background work of this application (ctx.work, stopped when it closes);
  // IFC versions that wait are converted once the server is up.
  registerConversions(app.ctx);
  app.addHook('onReady', async () => resumeConversions(app.ctx));

  app.get(
    `${base}/files/:fileId/fragments`,
    {
      // The fragments are compressed already (and start like a gzip stream): sent as they are.
      compress: false,
      schema: {
        tags,
        params: unitParams.extend({ fileId: idParam }),
        querystring: fileVersionQuerySchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendFragments(app.ctx, requireUser(request), { ...request.params, ...request.query }, reply),
  );

  // What changed between two versions of a drawing or model (computed once per pair, read-only).
  app.get(
    `${base}/files/:fileId/compare`,
    {
      schema: {
        tags,
        params: unitParams.extend({ fileId: idParam }),
        querystring: compareQuerySchema,
        response: { 200: versionComparisonSchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => compareVersions(app.ctx, requireUser(request), request.params, request.query),
  );

  // The scale of a drawing's pages for measuring: one per page of a file version, the same for everyone.
  const sheetParams = unitParams.extend({ fileId: idParam, version: idParam });
  app.get(
    `${base}/files/:fileId/versions/:version/calibrations`,
    { schema: { tags, params: sheetParams, response: { 200: sheetCalibrationsSchema, ...errors } } },
    async (request) => listCalibrations(app.ctx, requireUser(request), request.params),
  );
  app.put(
    `${base}/files/:fileId/versions/:version/calibrations/:page`,
    {
      schema: {
        tags,
        params: sheetParams.extend({ page: idParam }),
        body: sheetCalibrationInputSchema,
        response: { 200: sheetCalibrationSchema, ...errors },
      },
    },
    async (request) => saveCalibration(app.ctx, requireUser(request), request.params, request.body),
  );

  app.get('/api/viewer/units', { schema: { tags, response: { 200: reviewUnitsSchema, ...errors } } }, async (request) =>
    listReviewUnits(app.ctx, requireUser(request)),
  );

  app.get(
    `${base}/topics`,
    { schema: { tags, params: unitParams, response: { 200: reviewTopicsSchema, ...errors } } },
    async (request) => service.listTopics(app.ctx, requireUser(request), request.params.rootId, request.params.unitId),
  );
  app.post(
    `${base}/topics`,
    { schema: { tags, params: unitParams, body: createTopicSchema, response: { 200: reviewTopicSchema, ...errors } } },
    async (request) =>
      service.createTopic(app.ctx, requireUser(request), request.params.rootId, request.params.unitId, request.body),
  );
  app.patch(
    `${base}/topics/:topicId`,
    { schema: { tags, params: topicParams, body: updateTopicSchema, response: { 200: reviewTopicSchema, ...errors } } },
    async (request) => service.updateTopic(app.ctx, requireUser(request), request.params, request.body),
  );
  app.post(
    `${base}/topics/:topicId/comments`,
    {
      schema: { tags, params: topicParams, body: createCommentSchema, response: { 200: reviewTopicSchema, ...errors } },
    },
    async (request) => service.addComment(app.ctx, requireUser(request), request.params, request.body),
  );

  // BCF 3.0: the unit's topics as a `.bcfzip`, and the import of one (sent as the request body).
  app.addContentTypeParser(
    ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: bcfZipLimits.maxArchiveBytes },
    (_request, body, done) => done(null, body),
  );
  app.get(
    `${base}/bcf`,
    { compress: false, schema: { tags, params: unitParams, response: errors } },
    async (request, reply) =>
      sendBcf(await exportBcf(app.ctx, requireUser(request), request.params.rootId, request.params.unitId), reply),
  );
  app.post(
    `${base}/bcf`,
    {
      bodyLimit: bcfZipLimits.maxArchiveBytes,
      schema: { tags, params: unitParams, response: { 200: bcfImportResultSchema, ...errors } },
    },
    async (request) =>
      importBcf(
        app.ctx,
        requireUser(request),
        request.params.rootId,
        request.params.unitId,
        Buffer.isBuffer(request.body) ? request.body : undefined,
      ),
  );

  // Sign-off records of approvals: who approved which file versions, and what became of the open topics.
  app.get(
    `${base}/sign-offs`,
    { schema: { tags, params: unitParams, response: { 200: signOffsSchema, ...errors } } },
    async (request) => service.getSignOffs(app.ctx, requireUser(request), request.params.rootId, request.params.unitId),
  );
  app.get(
    `${base}/sign-offs/:signOffId/pdf`,
    {
      schema: {
        tags,
        params: unitParams.extend({ signOffId: idParam }),
        response: { 200: z.any(), 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
      config: pdfWork,
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.getSignOffPdf(app.ctx, requireUser(request), request.params);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(fileName))
        .send(pdf);
    },
  );

  app.post(
    `${base}/decision`,
    {
      schema: {
        tags,
        params: unitParams,
        body: reviewDecisionSchema,
        response: { 200: stateChangeResponseSchema, 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) =>
      service.decide(app.ctx, requireUser(request), request.params.rootId, request.params.unitId, request.body),
  );
};
