import { member, type OperationDoc } from './common';

/** The project information sheet and the supplier's delivery schedule. */

export const questionnaireDocs: Record<string, OperationDoc> = {
  // questionnaire
  'GET /api/questionnaire/:rootUnitId': {
    summary: 'Read the information sheet',
    description: `The project's information sheet (answers and validity). ${member}`,
  },
  'PUT /api/questionnaire/:rootUnitId': {
    summary: 'Save the information sheet',
    description: 'Saves the answers; `isValid` is checked again on the server. Members who may edit the sheet.',
    example: { data: { 'ccl-project': { contractor: 'Muster Bau GmbH', floors: 3 } }, isValid: false },
  },
  'GET /api/questionnaire/:rootUnitId/pdf': {
    summary: 'Information sheet as PDF',
    description: `The sheet as a PDF in the user's language. ${member}`,
  },
  'GET /api/questionnaire/ccl-delivery-schedule/:rootUnitId': {
    summary: "Supplier's delivery schedule",
    description: `The delivery schedule derived from the sheet and the delivery data. ${member}`,
  },
};
