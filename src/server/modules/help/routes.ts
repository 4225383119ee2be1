import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { testEmailResponseSchema, testEmailSchema } from '../../../shared/schemas/help';
import { requireUser } from '../../platform/auth/auth-plugin';

/**
 * The help page's test dialog (spec §2 Help, §7 "POST api/data/{product}/projects, payload email").
 * That path is the unit-creation call, so the test dialog posts to `projects/test-email` instead.
 * It checks the address on the server with the same rule as the dialog and answers it back;
 * it sends nothing, so the portal cannot be used to mail arbitrary addresses.
 */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/data/:product/projects/test-email',
    {
      schema: {
        tags: ['help'],
        params: z.object({ product: z.string() }),
        body: testEmailSchema,
        response: { 200: testEmailResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      requireUser(request);
      return { ok: true as const, email: request.body.email };
    },
  );
};
