import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  deliveryScheduleEntrySchema,
  questionnaireSchema,
  saveQuestionnaireSchema,
} from '../../../shared/schemas/questionnaire';
import { requireUser } from '../../platform/auth/auth-plugin';
import { pdfWork } from '../../platform/pdf/print-pdf';
import { contentDisposition } from '../files/content-disposition';
import { unknownDefinitionComponents } from './definitions';
import * as service from './service';

const params = z.object({ rootUnitId: idParam });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['questionnaire'];

/** The project information sheet: load, save, the supplier's delivery schedule. */
export const questionnaireRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const entry of unknownDefinitionComponents())
    app.log.warn(`questionnaire: unknown custom component ${entry}, skipped`);

  app.get(
    '/api/questionnaire/:rootUnitId',
    { schema: { tags, params, response: { 200: questionnaireSchema, ...errors } } },
    async (request) => service.getQuestionnaire(app.ctx, requireUser(request), request.params.rootUnitId),
  );

  app.put(
    '/api/questionnaire/:rootUnitId',
    { schema: { tags, params, body: saveQuestionnaireSchema, response: { 200: questionnaireSchema, ...errors } } },
    async (request) =>
      service.saveQuestionnaire(app.ctx, requireUser(request), request.params.rootUnitId, request.body),
  );

  app.get(
    '/api/questionnaire/:rootUnitId/pdf',
    { schema: { tags, params, response: { 200: z.any(), ...errors } }, config: pdfWork },
    async (request, reply) => {
      const { pdf, fileName } = await service.getQuestionnairePdf(
        app.ctx,
        requireUser(request),
        request.params.rootUnitId,
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(fileName))
        .send(pdf);
    },
  );

  app.get(
    '/api/questionnaire/ccl-delivery-schedule/:rootUnitId',
    { schema: { tags, params, response: { 200: z.array(deliveryScheduleEntrySchema), ...errors } } },
    async (request) => service.getDeliverySchedule(app.ctx, requireUser(request), request.params.rootUnitId),
  );
};
