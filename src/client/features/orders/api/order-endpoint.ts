/** Where a material's order items and its catalogue live below /api/data/{product}/ (spec §7). */
export type OrderEndpoint = { itemsPath: string; productsPath: string };

export const orderItemsKey = (endpoint: OrderEndpoint, unitId: number) =>
  ['orders', endpoint.itemsPath, unitId] as const;
