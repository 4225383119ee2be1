import { z } from 'zod';
import { languageSchema, text } from './common';

export const loginRequestSchema = z.object({
  login: text(200),
  password: z.string().min(1).max(500),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const currentUserSchema = z.object({
  userID: z.number().int(),
  userLogin: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  language: languageSchema,
  isInternal: z.boolean(),
  isAdmin: z.boolean(),
  isExternalLogin: z.boolean(),
  hasProfileImage: z.boolean(),
  tenantID: z.number().int(),
  tenantName: z.string(),
  /** The tenant's brand colour (`#rrggbb`) for the browser's chrome; null: the product's. */
  brandColor: z.string().nullable(),
  salesOrgID: z.number().int().nullable(),
  features: z.record(z.string(), z.unknown()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
