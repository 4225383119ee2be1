import { admin, type OperationDoc } from './common';

/** The manufacturer's outlook: volumes, capacities, exports. */

export const outlookDocs: Record<string, OperationDoc> = {
  // outlook
  'GET /api/data/:product/outlook/volumes': {
    summary: 'Volumes per plant and week',
    description: 'Ordered and planned volumes per plant and calendar week against capacity. Manufacturer staff.',
  },
  'GET /api/data/:product/outlook/entries': {
    summary: 'What makes up a volume',
    description: 'The units and lots behind one plant and week of the outlook. Manufacturer staff.',
  },
  'GET /api/data/:product/outlook/figures': {
    summary: 'Outlook figures',
    description: 'Totals per product type and period. Manufacturer staff.',
  },
  'GET /api/data/:product/outlook/plants': {
    summary: 'Plant capacities',
    description: `Weekly capacity of each plant. ${admin}`,
  },
  'PUT /api/data/:product/outlook/plants/:id': {
    summary: 'Set a plant capacity',
    description: `Weekly capacity in m³ (\`null\`: none). ${admin}`,
    example: { weeklyCapacity: 850 },
  },
  'GET /api/data/:product/outlook/volumes/export': {
    summary: 'Export volumes',
    description: "The volumes table as CSV or XLSX (`format`), in the user's separators and formats.",
  },
  'GET /api/data/:product/outlook/entries/export': {
    summary: 'Export volume entries',
    description: 'The entries table as CSV or XLSX (`format`).',
  },
  'GET /api/data/:product/outlook/figures/export': {
    summary: 'Export figures',
    description: 'The figures table as CSV or XLSX (`format`).',
  },
};
