import { z } from 'zod';

/** A signed-in browser of the user (profile page, "Sessions" card). */
export const userSessionSchema = z.object({
  /** Opaque id of the session (a hash of its token, never the token). */
  sessionID: z.string(),
  userAgent: z.string().nullable(),
  clientAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the browser that asks. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionsSchema = z.object({ data: z.array(userSessionSchema) });

export const sessionIdParam = z.object({
  sessionID: z.string().regex(/^[0-9a-f]{64}$/, 'VALIDATION.InvalidId'),
});

export const endedSessionsSchema = z.object({ ended: z.number().int() });
