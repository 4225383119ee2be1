import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';

/** Where `scripts/build-manuals.mjs` writes the PDFs (from docs/manuals/*.md). */
export const manualsDir = path.resolve(process.env.MANUALS_DIR ?? 'dist/manuals');

const params = z.object({ language: z.enum(['de', 'nl']) });

/**
 * The reviewer manuals at `/manuals/manual_for_reviewer_{de|nl}.pdf` (spec §7). Outside /api,
 * public like the imprint: the manual is linked from the shell and the help texts.
 */
export const manualRoutes: FastifyPluginAsync = async (app) => {
  app.get('/manuals/manual_for_reviewer_:language.pdf', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) throw new AppError('NotFound');
    const file = path.join(manualsDir, `manual_for_reviewer_${parsed.data.language}.pdf`);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw new AppError('NotFound');
    return reply
      .type('application/pdf')
      .header('Content-Length', String(stat.size))
      .header('Content-Disposition', `inline; filename="manual_for_reviewer_${parsed.data.language}.pdf"`)
      .header('Cache-Control', 'public, max-age=3600')
      .send(fs.createReadStream(file));
  });
};
