/** Where a material's order items and its catalogue live below /api/data/{product}/ (spec §7). */
export type OrderEndpoint = { itemsPath: string; productsPath: string };

/** The resources of each orderable unit type (by `projectUnitType`). */
export const orderEndpoints = {
  aacorderlot: { itemsPath: 'aacorderlotitems', productsPath: 'aacproducts' },
  lintelorderlot: { itemsPath: 'lintelorderlotitems', productsPath: 'lintelproducts' },
} satisfies Record<string, OrderEndpoint>;

/** The resources of a unit type, if it is orderable. */
export function orderEndpointOf(unitType: string): OrderEndpoint | undefined {
  return Object.hasOwn(orderEndpoints, unitType) ? orderEndpoints[unitType as keyof typeof orderEndpoints] : undefined;
}
