import { admin, list, member, type OperationDoc } from './common';

/** AAC and lintel order items, order confirmations and the product catalogues. */

const orderItem = { sublotName: 'Lot A', floorName: 'Ground floor', productNo: 1204, itemLength: 2.5, qty: 12 };
const lintelItem = {
  sublotName: 'Lot A',
  floorName: 'Ground floor',
  thickness: 115,
  length: 1250,
  height: 124,
  productNo: 3101,
  qty: 8,
};

export const orderDocs: Record<string, OperationDoc> = {
  // orders
  'GET /api/data/:product/aacorderlotitems': {
    summary: 'List AAC order items',
    description: `The items of an AAC order lot (\`projectUnitID\`), with product, length and quantity. ${list} ${member}`,
  },
  'POST /api/data/:product/aacorderlotitems': {
    summary: 'Add an AAC order item',
    description: 'Adds an item to an order lot that is still being edited. Members who may edit the lot.',
    example: { ...orderItem, projectUnitID: 42 },
  },
  'PUT /api/data/:product/aacorderlotitems/:id': {
    summary: 'Change an AAC order item',
    description: 'Changes an item; `version` must be the one read (409 with the stored item otherwise).',
    example: { ...orderItem, version: 1 },
  },
  'DELETE /api/data/:product/aacorderlotitems/:id': {
    summary: 'Delete an AAC order item',
    description: 'Removes an item of an order lot that is still being edited.',
  },
  'GET /api/data/:product/aacproducts': {
    summary: 'AAC products',
    description: "The AAC catalogue of the project's manufacturer, for order items.",
  },
  'GET /api/data/:product/lintelorderlotitems': {
    summary: 'List lintel order items',
    description: `The items of a lintel order lot (\`projectUnitID\`). ${list} ${member}`,
  },
  'POST /api/data/:product/lintelorderlotitems': {
    summary: 'Add a lintel order item',
    description: 'Adds an item to an order lot that is still being edited. Members who may edit the lot.',
    example: { ...lintelItem, projectUnitID: 43 },
  },
  'PUT /api/data/:product/lintelorderlotitems/:id': {
    summary: 'Change a lintel order item',
    description: 'Changes an item; `version` must be the one read (409 with the stored item otherwise).',
    example: { ...lintelItem, version: 1 },
  },
  'DELETE /api/data/:product/lintelorderlotitems/:id': {
    summary: 'Delete a lintel order item',
    description: 'Removes an item of an order lot that is still being edited.',
  },
  'GET /api/data/:product/lintelproducts': {
    summary: 'Lintel products',
    description: "The lintel catalogue of the project's manufacturer, for order items.",
  },
  'GET /api/orders/:unitId/confirmation': {
    summary: 'Order confirmation',
    description: `The placed order of an order lot with its items, totals and confirmation state. ${member}`,
  },
  'GET /api/data/:product/catalogues/aacproducts': {
    summary: 'AAC catalogue (admin)',
    description: `The tenant's AAC catalogue. ${admin}`,
  },
  'GET /api/data/:product/catalogues/lintelproducts': {
    summary: 'Lintel catalogue (admin)',
    description: `The tenant's lintel catalogue. ${admin}`,
  },
  'POST /api/data/:product/catalogues/:kind/import': {
    summary: 'Import a catalogue',
    description: `Replaces the AAC or lintel catalogue (\`kind\`) from CSV; the answer reports rows added, changed and refused. Optional columns \`titleDe\`, \`titleEn\`, \`titleNl\` (up to 200 characters) give the title per language: readers see theirs, else the tenant's language's, else \`title\`. ${admin}`,
    example: { csv: 'productNo;name;thickness\n1204;PP2-0.35 240;240\n' },
  },
};
