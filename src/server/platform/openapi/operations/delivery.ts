import { day, materials, member, type OperationDoc, own } from './common';

/** Delivery data, delivery lots and the delivery calendar feed. */

const deliveryLot = {
  title: 'Delivery 1 – ground floor',
  requestedDate: day,
  confirmedDate: null,
  deliveryType: 0,
  approvalLotIDs: [42],
  walls: [{ globalId: '2O2Fr$t4X7Zf8NOew3FLOH', name: 'Wall W-01' }],
};

export const deliveryDocs: Record<string, OperationDoc> = {
  // delivery
  'GET /api/data/:product/delivery-data/:rootUnitId': {
    summary: 'Read delivery data',
    description: `Materials, volumes and wished delivery dates of the project's approval lots. ${member}`,
  },
  'POST /api/data/:product/delivery-data/:rootUnitId': {
    summary: 'Save delivery data',
    description: 'Replaces the materials of the approval lots given. Members who may edit the units.',
    example: { approvalLots: [{ projectUnitID: 42, materials }] },
  },
  'GET /api/data/:product/delivery-overview/:rootUnitId': {
    summary: 'Delivery overview',
    description: `The project's delivery lots with their dates, state and walls. ${member}`,
  },
  'POST /api/data/:product/delivery-overview/:rootUnitId': {
    summary: 'Create a delivery lot',
    description:
      'A delivery lot of approval lots and walls with a requested date. Needs the delivery overview feature; members who plan deliveries.',
    example: deliveryLot,
  },
  'GET /api/data/:product/delivery-overview/:rootUnitId/info': {
    summary: 'Delivery overview context',
    description: `Approval lots, the model versions and what is planned already, for the planning page. ${member}`,
  },
  'GET /api/data/:product/delivery-overview/:rootUnitId/model/:versionId': {
    summary: 'Model for delivery planning',
    description: 'The converted model (fragments, gzip) of an IFC version, to pick walls in 3D.',
  },
  'PUT /api/data/:product/delivery-lots/:deliveryLotId': {
    summary: 'Change a delivery lot',
    description: 'Title, dates, type, approval lots and walls of a lot not yet confirmed.',
    example: { ...deliveryLot, confirmedDate: '2026-03-04' },
  },
  'DELETE /api/data/:product/delivery-lots/:deliveryLotId': {
    summary: 'Delete a delivery lot',
    description: 'Removes a lot that is not yet confirmed.',
  },
  'POST /api/data/:product/delivery-lots/:deliveryLotId/confirm': {
    summary: 'Confirm a delivery lot',
    description:
      'Fixes an on-call or planned lot with its confirmed date (the requested one unless the plant confirmed another); purchasers and the site contact are told (`delivery.confirmed` webhook event). Members who confirm deliveries; 409 when it is fixed already.',
  },
  'GET /api/data/:product/dashboard/diverging-deliveries': {
    summary: 'Diverging deliveries',
    description: 'Delivery lots whose confirmed date differs from the requested one, for the dashboard.',
  },
  'GET /api/view/:unitId/:fileName': {
    summary: 'Model tree of a unit',
    description: `The storeys and walls of the unit's IFC model (\`fileName\` is \`{unitId}.json\`). ${member}`,
  },

  // calendar
  'GET /api/calendar/:fileName': {
    summary: 'Delivery calendar feed',
    description:
      'The delivery dates as iCalendar (`.ics`). The secret file name is the credential, for calendar programs; no session.',
  },
  'GET /api/data/:product/calendar-feed': {
    summary: 'Calendar feed state',
    description: `Whether the user has a feed and its address. ${own}`,
  },
  'POST /api/data/:product/calendar-feed': {
    summary: 'Create or renew the calendar feed',
    description: 'A new secret address; the old one stops working.',
  },
  'DELETE /api/data/:product/calendar-feed': {
    summary: 'Remove the calendar feed',
    description: 'The address stops working.',
  },
};
