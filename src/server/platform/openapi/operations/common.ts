/** What the operation files of this folder share: the entry type, recurring texts, examples. */

/** Summary and description may be left to the route's own schema; the example is taken either way. */
export type OperationDoc = { summary?: string; description?: string; example?: unknown };

export const admin = 'Tenant admins only.';
export const member = 'Members of the project and the tenant staff who see it.';
export const own = "The signed-in user's own data.";
export const list = 'Paged and filtered with `$top`, `$skip`, `$orderby`, `$filter` (an OData subset) and `$count`.';

export const day = '2026-03-02';
export const materials = [{ type: 'AAC', volume: 120.5, deliveryDate: day }];
