/**
 * The one list contract, shared by server and client: every list endpoint accepts OData-style
 * `$filter`, `$orderby`, `$top`, `$skip`, `$count` and answers `{ data, count }` (`count` when
 * `$count=true`). `/api/tasks` is the one documented exception: the spec's bare array, with the
 * total in the `X-Total-Count` header.
 */
import { z } from 'zod';

/** A count in a query string: digits only (no sign, space, fraction or hex). */
const wholeNumber = z
  .string()
  .max(9, { message: 'VALIDATION.WholeNumber', abort: true })
  .regex(/^[0-9]{1,9}$/, 'VALIDATION.WholeNumber')
  .transform(Number);

/** The query-string part every list route accepts (use `.extend` for resource-specific extras). */
export const listQueryStringSchema = z.object({
  $filter: z.string().max(2000).optional(),
  $orderby: z.string().max(500).optional(),
  $top: wholeNumber.optional(),
  $skip: wholeNumber.pipe(z.number().max(1_000_000, 'VALIDATION.MaxValueReached')).optional(),
  $count: z.enum(['true', 'false']).optional(),
});
export type ListQueryString = z.infer<typeof listQueryStringSchema>;

/** Response schema of a list: `{ data, count }`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), count: z.number().int().optional() });
}
