import { type OperationDoc } from './common';

/** API tokens and webhook endpoints. */

export const machineAccessDocs: Record<string, OperationDoc> = {
  // api-tokens, webhooks: texts in the routes (modules/machine-access/routes.ts)
  'POST /api/data/:product/api-tokens': {
    example: { name: 'ERP orders', scopes: ['projects:read', 'orders:read'], expiresAt: '2027-01-01T00:00:00.000Z' },
  },
  'POST /api/data/:product/webhook-endpoints': {
    example: {
      url: 'https://erp.example.com/planport/webhooks',
      description: 'ERP order intake',
      events: ['order.placed', 'delivery.confirmed'],
    },
  },
  'PUT /api/data/:product/webhook-endpoints/:endpointID': {
    example: {
      url: 'https://erp.example.com/planport/webhooks',
      description: 'ERP order intake',
      events: ['order.placed', 'order.confirmed', 'delivery.confirmed'],
      paused: false,
    },
  },
};
