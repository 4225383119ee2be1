import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  approvalLotContextQuerySchema,
  approvalLotContextSchema,
  createdUnitSchema,
  createUnitSchema,
  materialListSchema,
  memberSchema,
  projectFeaturesSchema,
  projectUnitDetailSchema,
  projectUnitSchema,
  titleAvailableQuerySchema,
  titleAvailableSchema,
  updateUnitSchema,
} from '../../../shared/schemas/projects';
import { requireUser } from '../../platform/auth/auth-plugin';
import { listQueryStringSchema, listResponse } from '../../../shared/schemas/list';
import * as materials from './material-service';
import * as members from './member-service';
import * as units from './unit-service';

const product = z.object({ product: z.string() });
const withId = product.extend({ id: idParam });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['projects'];

/** Project units: read, path, children, create, edit, delete, title check, members, materials. */
export const unitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/data/:product/projects/:id',
    { schema: { tags, params: withId, response: { 200: projectUnitDetailSchema, ...errors } } },
    async (request) => units.getUnitDetail(app.ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/api/data/:product/projects/:id/path',
    { schema: { tags, params: withId, response: { 200: listResponse(projectUnitSchema), ...errors } } },
    async (request) => units.getUnitPath(app.ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/api/data/:product/projects/:id/children',
    {
      schema: {
        tags,
        params: withId,
        querystring: listQueryStringSchema,
        response: { 200: listResponse(projectUnitSchema), ...errors },
      },
    },
    async (request) => units.listChildUnits(app.ctx, requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/api/data/:product/projects/:id/features',
    { schema: { tags, params: withId, response: { 200: projectFeaturesSchema, ...errors } } },
    async (request) => units.getProjectFeatures(app.ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/api/data/:product/projects/:id/title-available',
    {
      schema: {
        tags,
        params: withId,
        querystring: titleAvailableQuerySchema,
        response: { 200: titleAvailableSchema, ...errors },
      },
    },
    async (request) =>
      units.checkTitleAvailable(
        app.ctx,
        requireUser(request),
        request.params.id,
        request.query.title,
        request.query.excludeUnitId,
      ),
  );

  app.get(
    '/api/data/:product/projects/:id/approval-lot-context',
    {
      schema: {
        tags,
        params: withId,
        querystring: approvalLotContextQuerySchema,
        response: { 200: approvalLotContextSchema, ...errors },
      },
    },
    async (request) =>
      materials.getApprovalLotContext(app.ctx, requireUser(request), request.params.id, request.query.excludeUnitId),
  );

  app.get(
    '/api/data/:product/projects/:id/members',
    { schema: { tags, params: withId, response: { 200: listResponse(memberSchema), ...errors } } },
    async (request) => members.listMembers(app.ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/api/data/:product/projects/:id/members/:userId',
    { schema: { tags, params: withId.extend({ userId: idParam }), response: { 200: memberSchema, ...errors } } },
    async (request) =>
      members.getMemberProfile(app.ctx, requireUser(request), request.params.id, request.params.userId),
  );

  app.post(
    '/api/data/:product/projects',
    { schema: { tags, params: product, body: createUnitSchema, response: { 200: createdUnitSchema, ...errors } } },
    async (request) => units.createUnit(app.ctx, requireUser(request), request.body),
  );

  app.put(
    '/api/data/:product/projects/:id',
    { schema: { tags, params: withId, body: updateUnitSchema, response: { 200: projectUnitSchema, ...errors } } },
    async (request) => units.updateUnit(app.ctx, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/data/:product/projects/:id',
    {
      schema: {
        tags,
        params: withId,
        response: { 200: z.object({ parentProjectUnitID: z.number().int().nullable() }), ...errors },
      },
    },
    async (request) => units.deleteUnit(app.ctx, requireUser(request), request.params.id),
  );

  const unitParam = z.object({ projectUnitID: idParam });
  app.get(
    '/api/materials/:projectUnitID',
    { schema: { tags, params: unitParam, response: { 200: materialListSchema, ...errors } } },
    async (request) => materials.getMaterials(app.ctx, requireUser(request), request.params.projectUnitID),
  );

  app.post(
    '/api/materials/:projectUnitID',
    { schema: { tags, params: unitParam, body: materialListSchema, response: { 200: materialListSchema, ...errors } } },
    async (request) =>
      materials.saveMaterials(app.ctx, requireUser(request), request.params.projectUnitID, request.body),
  );
};
