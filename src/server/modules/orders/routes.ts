import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  aacCatalogueSchema,
  catalogueImportSchema,
  catalogueKindSchema,
  importReportSchema,
  lintelCatalogueSchema,
  orderConfirmationSchema,
  unitQuerySchema,
  versionQuerySchema,
} from '../../../shared/schemas/orders';
import { requireUser } from '../../platform/auth/auth-plugin';
import { getOrderConfirmation } from './confirmation-service';
import { importCatalogue, listAdminAacProducts, listAdminLintelProducts } from './catalogue-service';
import { createItemService, type ItemService } from './item-service';
import { aacVariant, lintelVariant, type ItemInput, type ItemRowBase } from './item-variants';

const product = z.string();
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const itemParams = z.object({ product, id: idParam });

/** Order items of aacorderlot and lintelorderlot units, and the catalogues (§7: paths not shown). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];

  itemRoutes(app, createItemService(aacVariant));
  itemRoutes(app, createItemService(lintelVariant));

  app.get(
    '/api/orders/:unitId/confirmation',
    {
      schema: {
        tags,
        params: z.object({ unitId: idParam }),
        response: { 200: orderConfirmationSchema, 404: errorBodySchema },
      },
    },
    async (req) => getOrderConfirmation(app.ctx, requireUser(req), req.params.unitId),
  );
  // Admin area: the own tenant's catalogues and their CSV import.
  app.get(
    '/api/data/:product/catalogues/aacproducts',
    { schema: { tags, params: z.object({ product }), response: { 200: aacCatalogueSchema, 403: errorBodySchema } } },
    async (req) => listAdminAacProducts(app.ctx, requireUser(req)),
  );
  app.get(
    '/api/data/:product/catalogues/lintelproducts',
    { schema: { tags, params: z.object({ product }), response: { 200: lintelCatalogueSchema, 403: errorBodySchema } } },
    async (req) => listAdminLintelProducts(app.ctx, requireUser(req)),
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
    async (req) => importCatalogue(app.ctx, requireUser(req), req.params.kind, req.body.csv),
  );
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The load, create, update, delete and catalogue calls of one material's order lot. */
function itemRoutes<
  Item,
  Create extends ItemInput & { projectUnitID: number },
  Update extends ItemInput & { version: number },
  Product extends { productNo: number },
  Row extends ItemRowBase,
  Values,
>(app: App, service: ItemService<Item, Create, Update, Product, Row, Values>) {
  const tags = ['orders'];
  const { itemsPath, productsPath, schemas } = service.variant;
  const list = { params: z.object({ product }), querystring: unitQuerySchema };
  app.get(
    `/api/data/:product/${itemsPath}`,
    { schema: { tags, ...list, response: { 200: schemas.list, ...errors } } },
    async (req) => service.list(app.ctx, requireUser(req), req.query.projectUnitID),
  );
  app.post(
    `/api/data/:product/${itemsPath}`,
    { schema: { tags, params: list.params, body: schemas.create, response: { 200: schemas.item, ...errors } } },
    async (req) => service.create(app.ctx, requireUser(req), schemas.create.parse(req.body)),
  );
  app.put(
    `/api/data/:product/${itemsPath}/:id`,
    { schema: { tags, params: itemParams, body: schemas.update, response: { 200: schemas.item, ...errors } } },
    async (req) => service.update(app.ctx, requireUser(req), req.params.id, schemas.update.parse(req.body)),
  );
  app.delete(
    `/api/data/:product/${itemsPath}/:id`,
    { schema: { tags, params: itemParams, querystring: versionQuerySchema, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await service.remove(app.ctx, requireUser(req), req.params.id, req.query.version);
      return reply.status(204).send(null);
    },
  );
  app.get(
    `/api/data/:product/${productsPath}`,
    { schema: { tags, ...list, response: { 200: schemas.catalogue, ...errors } } },
    async (req) => service.products(app.ctx, requireUser(req), req.query.projectUnitID),
  );
}
