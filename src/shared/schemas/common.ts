import { z } from 'zod';

export const languageSchema = z.enum(['de', 'en', 'nl']);
export type Language = z.infer<typeof languageSchema>;

export const errorMessageSchema = z.object({
  messageType: z.enum(['Error', 'Warning', 'Info']),
  message: z.string(),
  reference: z.string().nullish(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const errorBodySchema = z.object({
  status: z.number().int(),
  code: z.string(),
  messages: z.array(errorMessageSchema),
});

export const idParam = z.coerce.number().int().positive();

export const countSchema = z.object({ count: z.number().int() });

export const okSchema = z.object({ ok: z.literal(true) });
