import { list, type OperationDoc } from './common';

/** Project lists, search, dashboard counters and the new-project request. */

export const projectListDocs: Record<string, OperationDoc> = {
  // project lists, search, dashboard
  'GET /api/data/:product/projectlist/current': {
    summary: 'List current projects',
    description: `The projects the caller sees that are not closed, with state, dates and counts. ${list}`,
  },
  'GET /api/data/:product/projectlist/closed': {
    summary: 'List closed projects',
    description: `Closed projects the caller sees. ${list}`,
  },
  'GET /api/data/:product/projectunitssearch': {
    summary: 'Search project units',
    description: `Full-text and field search over the units the caller sees. ${list} Needs the advanced search feature.`,
  },
  'GET /api/data/:product/quicksearch': {
    summary: 'Quick search',
    description: 'The first matches of a term among projects and units, for the search box.',
  },
  'GET /api/data/:product/dashboard/projectCount': {
    summary: 'Count projects',
    description: 'The number shown on the dashboard tile.',
  },
  'GET /api/data/:product/dashboard/taskCount': {
    summary: 'Count open tasks',
    description: 'The number shown on the dashboard tile.',
  },
  'GET /api/data/:product/salesorganisations': {
    summary: 'List sales organisations',
    description: 'The sales organisations a new project can be requested from.',
  },
  'POST /api/data/:product/email/send': {
    summary: 'Request a new project',
    description:
      "Mails a new-project request to a sales organisation of the user's tenant (`RecipientMail` must be its contact address; sender id and mail must be the signed-in user's). Rate-limited per user.",
    example: {
      SenderMail: 'erika.muster@example.com',
      RecipientMail: 'sales@planport.test',
      SenderUserID: 12,
      FirstName: 'Erika',
      LastName: 'Muster',
      Company: 'Muster Bau GmbH',
      Street1: 'Hauptstraße 1',
      Street2: '',
      ZIP: '30159',
      City: 'Hannover',
      Phone: '+49 511 000000',
    },
  },
};
