import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countSchema, errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  checkDataRequestSchema,
  notificationSchema,
  projectUnitParamSchema,
  stateChangeRequestSchema,
  stateChangeResponseSchema,
  unitActionsSchema,
  workflowEntrySchema,
  workflowRowSchema,
} from '../../../shared/schemas/workflow';
import { listQueryStringSchema, listResponse } from '../../../shared/schemas/list';
import { requireUser } from '../../platform/auth/auth-plugin';
import {
  checkData,
  countProductTypeAssignments,
  getDefinition,
  listParams,
  listUnitActions,
  updateUnitState,
} from './service';
import { countWorkflows, listNotifications, listWorkflows } from './workflows-page';

const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const product = z.string();

export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/data/:product/projectunitstates/:projectUnitID',
    {
      schema: {
        tags: ['workflow'],
        params: z.object({ product, projectUnitID: idParam }),
        body: stateChangeRequestSchema,
        response: { 200: stateChangeResponseSchema, ...errors },
      },
    },
    async (request) => updateUnitState(app.ctx, requireUser(request), request.params.projectUnitID, request.body),
  );

  app.get(
    '/api/data/:product/projectunitstates/:projectUnitID/actions',
    {
      schema: {
        tags: ['workflow'],
        params: z.object({ product, projectUnitID: idParam }),
        response: { 200: unitActionsSchema, ...errors },
      },
    },
    async (request) => listUnitActions(app.ctx, requireUser(request), request.params.projectUnitID),
  );

  app.post(
    '/api/data/:product/projectunitstates/ccl-check-data',
    {
      schema: {
        tags: ['workflow'],
        params: z.object({ product }),
        body: checkDataRequestSchema,
        response: { 200: stateChangeResponseSchema, ...errors },
      },
    },
    async (request) => checkData(app.ctx, requireUser(request), request.body),
  );

  app.get(
    '/api/data/:product/projectunitproducttypeassignments',
    {
      schema: {
        tags: ['workflow'],
        params: z.object({ product }),
        querystring: z.object({ projectUnitID: idParam }),
        response: { 200: countSchema, ...errors },
      },
    },
    async (request) => countProductTypeAssignments(app.ctx, requireUser(request), request.query.projectUnitID),
  );

  app.get(
    '/api/data/:product/projectunitparams',
    {
      schema: {
        tags: ['workflow'],
        params: z.object({ product }),
        querystring: z.object({ projectUnitID: idParam, paramKey: z.string().max(100).optional() }),
        response: { 200: listResponse(projectUnitParamSchema), ...errors },
      },
    },
    async (request) => listParams(app.ctx, requireUser(request), request.query.projectUnitID, request.query.paramKey),
  );

  app.get(
    '/api/data/:product/workflowdefinitions',
    {
      schema: {
        tags: ['workflow'],
        params: z.object({ product }),
        response: { 200: listResponse(workflowRowSchema) },
      },
    },
    async (request) => getDefinition(app.ctx, requireUser(request)),
  );

  app.get(
    '/api/data/:product/workflows',
    {
      schema: {
        tags: ['workflow'],
        params: z.object({ product }),
        querystring: listQueryStringSchema,
        response: { 200: listResponse(workflowEntrySchema), 400: errorBodySchema },
      },
    },
    async (request) => listWorkflows(app.ctx, requireUser(request), request.query),
  );

  app.get(
    '/api/data/:product/workflownotifications',
    {
      schema: {
        tags: ['workflow'],
        params: z.object({ product }),
        querystring: listQueryStringSchema,
        response: { 200: listResponse(notificationSchema), 400: errorBodySchema },
      },
    },
    async (request) => listNotifications(app.ctx, requireUser(request), request.query),
  );

  app.get(
    '/api/data/:product/dashboard/workflowCount',
    { schema: { tags: ['dashboard'], params: z.object({ product }), response: { 200: countSchema } } },
    async (request) => countWorkflows(app.ctx, requireUser(request)),
  );
};
