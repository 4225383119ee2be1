import { list, member, type OperationDoc } from './common';

/** States of project units, their transitions and the open workflows. */

export const workflowDocs: Record<string, OperationDoc> = {
  // workflow
  'PUT /api/data/:product/projectunitstates/:projectUnitID': {
    summary: 'Change the state of a unit',
    description:
      'Moves a project unit to the state `stateKey` along its workflow. Guards are checked (422 with the reason) and a stale view is refused (409). Members with the role the transition requires.',
    example: { projectUnitID: 42, stateKey: 'released' },
  },
  'GET /api/data/:product/projectunitstates/:projectUnitID/actions': {
    summary: 'Possible state changes',
    description: `The transitions the signed-in user may take on this unit now, with guard hints. ${member}`,
  },
  'POST /api/data/:product/projectunitstates/ccl-check-data': {
    summary: 'Request a data check',
    description:
      'Takes the workflow action `ccl-check-data` on a unit of the project `rootUnitID` (a state change with its guards), with an optional message kept on the unit.',
    example: { unitID: 42, rootUnitID: 7, message: 'Please check the wall lengths on level 2.' },
  },
  'GET /api/data/:product/projectunitproducttypeassignments': {
    summary: 'Count product-type assignments',
    description: `How many product types are assigned to the unit \`projectUnitID\`. ${member}`,
  },
  'GET /api/data/:product/projectunitparams': {
    summary: 'Unit parameters',
    description: `The workflow parameters of a unit, optionally only \`paramKey\`. ${member}`,
  },
  'GET /api/data/:product/workflowdefinitions': {
    summary: 'Workflow definitions',
    description: 'The states and transitions of every unit type, for the state badges and actions.',
  },
  'GET /api/data/:product/workflows': {
    summary: 'List open workflows',
    description: `Units waiting for a step the signed-in user can take, as on the workflows page. ${list}`,
  },
  'GET /api/data/:product/workflownotifications': {
    summary: 'List workflow notifications',
    description: `Recent state changes in the user's projects. ${list}`,
  },
  'GET /api/data/:product/dashboard/workflowCount': {
    summary: 'Count open workflows',
    description: 'The number shown on the dashboard tile.',
  },
};
