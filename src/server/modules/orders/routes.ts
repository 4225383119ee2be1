import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  aacCatalogueSchema,
  aacItemCreateSchema,
  aacItemListSchema,
  aacItemUpdateSchema,
  aacOrderItemSchema,
  catalogueImportSchema,
  catalogueKindSchema,
  importReportSchema,
  lintelCatalogueSchema,
  lintelItemCreateSchema,
  lintelItemListSchema,
  lintelItemUpdateSchema,
  lintelOrderItemSchema,
  unitQuerySchema,
  versionQuerySchema,
} from '../../../shared/schemas/orders';
import { requireUser } from '../../platform/auth/auth-plugin';
import * as aac from './aac-service';
import { importCatalogue, listAdminAacProducts, listAdminLintelProducts } from './catalogue-service';
import * as lintel from './lintel-service';

const product = z.string();
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const itemParams = z.object({ product, id: idParam });

/** Order items of aacorderlot and lintelorderlot units, and the catalogues (§7: paths not shown). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];

  app.get(
    '/api/data/:product/aacorderlotitems',
    {
      schema: {
        tags,
        params: z.object({ product }),
        querystring: unitQuerySchema,
        response: { 200: aacItemListSchema, ...errors },
      },
    },
    async (req) => aac.listAacItems(app.db, requireUser(req), req.query.projectUnitID),
  );
  app.post(
    '/api/data/:product/aacorderlotitems',
    {
      schema: {
        tags,
        params: z.object({ product }),
        body: aacItemCreateSchema,
        response: { 200: aacOrderItemSchema, ...errors },
      },
    },
    async (req) => aac.createAacItem(app.db, requireUser(req), req.body),
  );
  app.put(
    '/api/data/:product/aacorderlotitems/:id',
    {
      schema: { tags, params: itemParams, body: aacItemUpdateSchema, response: { 200: aacOrderItemSchema, ...errors } },
    },
    async (req) => aac.updateAacItem(app.db, requireUser(req), req.params.id, req.body),
  );
  app.delete(
    '/api/data/:product/aacorderlotitems/:id',
    { schema: { tags, params: itemParams, querystring: versionQuerySchema, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await aac.deleteAacItem(app.db, requireUser(req), req.params.id, req.query.version);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/data/:product/aacproducts',
    {
      schema: {
        tags,
        params: z.object({ product }),
        querystring: unitQuerySchema,
        response: { 200: aacCatalogueSchema, ...errors },
      },
    },
    async (req) => aac.listAacProducts(app.db, requireUser(req), req.query.projectUnitID),
  );

  app.get(
    '/api/data/:product/lintelorderlotitems',
    {
      schema: {
        tags,
        params: z.object({ product }),
        querystring: unitQuerySchema,
        response: { 200: lintelItemListSchema, ...errors },
      },
    },
    async (req) => lintel.listLintelItems(app.db, requireUser(req), req.query.projectUnitID),
  );
  app.post(
    '/api/data/:product/lintelorderlotitems',
    {
      schema: {
        tags,
        params: z.object({ product }),
        body: lintelItemCreateSchema,
        response: { 200: lintelOrderItemSchema, ...errors },
      },
    },
    async (req) => lintel.createLintelItem(app.db, requireUser(req), req.body),
  );
  app.put(
    '/api/data/:product/lintelorderlotitems/:id',
    {
      schema: {
        tags,
        params: itemParams,
        body: lintelItemUpdateSchema,
        response: { 200: lintelOrderItemSchema, ...errors },
      },
    },
    async (req) => lintel.updateLintelItem(app.db, requireUser(req), req.params.id, req.body),
  );
  app.delete(
    '/api/data/:product/lintelorderlotitems/:id',
    { schema: { tags, params: itemParams, querystring: versionQuerySchema, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await lintel.deleteLintelItem(app.db, requireUser(req), req.params.id, req.query.version);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/data/:product/lintelproducts',
    {
      schema: {
        tags,
        params: z.object({ product }),
        querystring: unitQuerySchema,
        response: { 200: lintelCatalogueSchema, ...errors },
      },
    },
    async (req) => lintel.listLintelProducts(app.db, requireUser(req), req.query.projectUnitID),
  );

  // Admin area: the own tenant's catalogues and their CSV import.
  app.get(
    '/api/data/:product/catalogues/aacproducts',
    { schema: { tags, params: z.object({ product }), response: { 200: aacCatalogueSchema, 403: errorBodySchema } } },
    async (req) => listAdminAacProducts(app.db, requireUser(req)),
  );
  app.get(
    '/api/data/:product/catalogues/lintelproducts',
    { schema: { tags, params: z.object({ product }), response: { 200: lintelCatalogueSchema, 403: errorBodySchema } } },
    async (req) => listAdminLintelProducts(app.db, requireUser(req)),
  );
  app.post(
    '/api/data/:product/catalogues/:kind/import',
    {
      schema: {
        tags,
        params: z.object({ product, kind: catalogueKindSchema }),
        body: catalogueImportSchema,
        response: { 200: importReportSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (req) => importCatalogue(app.db, requireUser(req), req.params.kind, req.body.csv),
  );
};
