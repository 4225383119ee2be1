import { z } from 'zod';

/** Operator details for the imprint and privacy pages (from configuration). */
export const operatorSchema = z.object({
  name: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  register: z.string(),
  vatId: z.string(),
  representative: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;
