import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { errorBodySchema, idParam, okSchema } from '../../../shared/schemas/common';
import {
  companyAddressSchema,
  contactDataSchema,
  passwordChangeSchema,
  personalDataSchema,
  profileResponseSchema,
  profileSettingsSchema,
  userLanguageSchema,
} from '../../../shared/schemas/profile';
import { requireUser } from '../../platform/auth/auth-plugin';
import * as service from './service';

const product = z.object({ product: z.string() });
const ok = { ok: true as const };
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The profile page's calls (spec/admin-profile-orders.md §7). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];

  app.get(
    '/api/data/:product/profile',
    { schema: { tags, params: product, response: { 200: profileResponseSchema, ...errors } } },
    async (request) => ({
      data: await service.getProfile(app.ctx, requireUser(request)),
    }),
  );

  app.post(
    '/api/data/:product/profilesettings',
    { schema: { tags, params: product, body: profileSettingsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.saveSettings(app.ctx, requireUser(request), request.body);
      return ok;
    },
  );

  app.post(
    '/api/data/:product/profileuserprofile',
    { schema: { tags, params: product, body: personalDataSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.savePersonalData(app.ctx, requireUser(request), request.body);
      return ok;
    },
  );

  app.post(
    '/api/data/:product/profilecontact',
    { schema: { tags, params: product, body: contactDataSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.saveContact(app.ctx, requireUser(request), request.body);
      return ok;
    },
  );

  app.post(
    '/api/data/:product/profileaddress',
    { schema: { tags, params: product, body: companyAddressSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.saveAddress(app.ctx, requireUser(request), request.body);
      return ok;
    },
  );

  app.put(
    '/api/account/:product/password',
    { schema: { tags, params: product, body: passwordChangeSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.changePassword(app.ctx, requireUser(request), request.body, request.sessionToken ?? '');
      return ok;
    },
  );

  app.put(
    '/api/data/:product/users/:userID',
    {
      schema: {
        tags,
        params: product.extend({ userID: idParam }),
        body: userLanguageSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await service.setLanguage(app.ctx, requireUser(request), request.params.userID, request.body.languageKey);
      return ok;
    },
  );

  app.post(
    '/api/data/:product/profilefiles/thumbnail.png',
    {
      schema: {
        tags,
        params: product,
        consumes: ['multipart/form-data'],
        response: { 200: okSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw new AppError('UnsupportedMediaType', 'PROFILE.Image.InvalidType');
      const file = await request.file();
      if (!file || file.fieldname !== 'image')
        throw new AppError('ValidationFailed', [
          { messageType: 'Error', message: 'VALIDATION.IsRequired', reference: 'image' },
        ]);
      await service.saveProfileImage(app.ctx, user, await file.toBuffer());
      return ok;
    },
  );

  app.delete(
    '/api/data/:product/profilefiles/thumbnail.png',
    { schema: { tags, params: product, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.deleteProfileImage(app.ctx, requireUser(request));
      return ok;
    },
  );

  app.get(
    '/api/data/:product/profilefiles/:userID/thumbnail.png',
    { schema: { tags, params: product.extend({ userID: idParam }) } },
    async (request, reply) => {
      const png = await service.getProfileImage(app.ctx, requireUser(request), request.params.userID);
      // The client adds ?ts= after a change, so a short private cache is safe.
      return reply.type('image/png').header('Cache-Control', 'private, max-age=300').send(png);
    },
  );
};
