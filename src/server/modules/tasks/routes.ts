import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { taskListQuerySchema, taskSchema } from '../../../shared/schemas/tasks';
import { requireUser } from '../../platform/auth/auth-plugin';
import { getTask, listTasks } from './service';

export const TOTAL_COUNT_HEADER = 'x-total-count';

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tasks',
    {
      schema: {
        tags: ['tasks'],
        description: "The signed-in user's open tasks, newest first; the total is in the X-Total-Count header.",
        querystring: taskListQuerySchema,
        response: { 200: z.array(taskSchema) },
      },
    },
    async (request, reply) => {
      const { tasks, total } = await listTasks(app.ctx, requireUser(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return tasks;
    },
  );

  app.get(
    '/api/tasks/:id',
    {
      schema: {
        tags: ['tasks'],
        params: z.object({ id: idParam }),
        response: { 200: taskSchema, 404: errorBodySchema },
      },
    },
    async (request) => getTask(app.ctx, requireUser(request), request.params.id),
  );
};
