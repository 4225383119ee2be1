import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  productTypeAssignmentInputSchema,
  productTypeAssignmentsSchema,
} from '../../../shared/schemas/product-type-assignment';
import { requireUser } from '../../platform/auth/auth-plugin';
import * as assignments from './assignment-service';

const unit = z.object({ product: z.string(), projectUnitID: idParam });
const one = unit.extend({ assignmentID: idParam });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['projects'];
const path = '/api/data/:product/projects/:projectUnitID/product-type-assignments';

/** Product-type assignments and plants of a unit; every answer is the unit's new list. */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    { schema: { tags, params: unit, response: { 200: productTypeAssignmentsSchema, ...errors } } },
    async (request) => assignments.listAssignments(app.ctx, requireUser(request), request.params.projectUnitID),
  );
  app.post(
    path,
    {
      schema: {
        tags,
        params: unit,
        body: productTypeAssignmentInputSchema,
        response: { 200: productTypeAssignmentsSchema, ...errors },
      },
    },
    async (request) =>
      assignments.addAssignment(app.ctx, requireUser(request), request.params.projectUnitID, request.body),
  );
  app.put(
    `${path}/:assignmentID`,
    {
      schema: {
        tags,
        params: one,
        body: productTypeAssignmentInputSchema,
        response: { 200: productTypeAssignmentsSchema, ...errors },
      },
    },
    async (request) =>
      assignments.changeAssignment(
        app.ctx,
        requireUser(request),
        request.params.projectUnitID,
        request.params.assignmentID,
        request.body,
      ),
  );
  app.delete(
    `${path}/:assignmentID`,
    { schema: { tags, params: one, response: { 200: productTypeAssignmentsSchema, ...errors } } },
    async (request) =>
      assignments.removeAssignment(
        app.ctx,
        requireUser(request),
        request.params.projectUnitID,
        request.params.assignmentID,
      ),
  );
};
