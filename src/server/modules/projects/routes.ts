import type { FastifyPluginAsync } from 'fastify';
import { assignmentRoutes } from './assignment-routes';
import { memberRoutes } from './member-routes';
import { siteRoutes } from './site-routes';
import { structureRoutes } from './structure-routes';
import { unitRoutes } from './unit-routes';

/** The project details area (spec/projects-workflows.md §2, spec/admin-profile-orders.md §2). */
export const projectsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(unitRoutes);
  await app.register(siteRoutes);
  await app.register(memberRoutes);
  await app.register(structureRoutes);
  await app.register(assignmentRoutes);
};
