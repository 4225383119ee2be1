import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { listQueryStringSchema, listResponse } from '../../../shared/schemas/list';
import {
  createdProjectSchema,
  createProjectSchema,
  memberCandidateSchema,
  memberInputSchema,
  memberInvitationSchema,
  memberRolesInputSchema,
  projectCreationContextSchema,
} from '../../../shared/schemas/project-onboarding';
import { requireUser } from '../../platform/auth/auth-plugin';
import { userCreationLimits } from '../users/routes';
import * as invite from './member-invite-service';
import * as manage from './member-manage-service';
import * as create from './project-create-service';

const product = z.object({ product: z.string() });
const withId = product.extend({ id: idParam });
const withMember = withId.extend({ userId: idParam });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['projects'];

/** Root projects (create) and the members of a project (add, invite, change roles, remove). */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/data/:product/projects/creation-context',
    { schema: { tags, params: product, response: { 200: projectCreationContextSchema, ...errors } } },
    async (request) => create.getCreationContext(app.ctx, requireUser(request)),
  );

  app.get(
    '/api/data/:product/projects/member-candidates',
    {
      schema: {
        tags,
        params: product,
        querystring: listQueryStringSchema,
        response: { 200: listResponse(memberCandidateSchema), ...errors },
      },
    },
    async (request) => manage.listProjectCandidates(app.ctx, requireUser(request), request.query),
  );

  app.post(
    '/api/data/:product/root-projects',
    {
      schema: { tags, params: product, body: createProjectSchema, response: { 200: createdProjectSchema, ...errors } },
    },
    async (request) => create.createProject(app.ctx, requireUser(request), request.body),
  );

  app.get(
    '/api/data/:product/projects/:id/member-candidates',
    {
      schema: {
        tags,
        params: withId,
        querystring: listQueryStringSchema,
        response: { 200: listResponse(memberCandidateSchema), ...errors },
      },
    },
    async (request) => manage.listMemberCandidates(app.ctx, requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/data/:product/projects/:id/members',
    {
      schema: {
        tags,
        params: withId,
        body: memberInputSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => manage.addMember(app.ctx, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/data/:product/projects/:id/member-invitations',
    {
      config: { rateLimits: userCreationLimits },
      schema: {
        tags,
        params: withId,
        body: memberInvitationSchema,
        response: { 200: z.object({ userID: z.number().int() }), ...errors },
      },
    },
    async (request) => invite.inviteMember(app.ctx, requireUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/data/:product/projects/:id/members/:userId',
    {
      schema: {
        tags,
        params: withMember,
        body: memberRolesInputSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) =>
      manage.changeMemberRoles(app.ctx, requireUser(request), request.params.id, request.params.userId, request.body),
  );

  app.delete(
    '/api/data/:product/projects/:id/members/:userId',
    {
      schema: {
        tags,
        params: withMember,
        response: { 200: z.object({ movedTasks: z.number().int() }), ...errors },
      },
    },
    async (request) => manage.removeMember(app.ctx, requireUser(request), request.params.id, request.params.userId),
  );
};
