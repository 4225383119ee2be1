import { type OperationDoc } from './common';

/** The help page. */

export const helpDocs: Record<string, OperationDoc> = {
  // help
  'POST /api/data/:product/projects/test-email': {
    summary: 'Check an e-mail address',
    description: 'Checks an address with the rule of the help dialog and answers it back; sends nothing.',
    example: { email: 'erika.muster@example.com' },
  },
};
