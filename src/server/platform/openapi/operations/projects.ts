import { day, materials, member, type OperationDoc } from './common';

/** Project units, members, site address and contact, materials, product types. */

const assignment = { productTypeID: 1, plantID: 2, orderNumber: '4500012345' };
const siteAddress = { name: 'Site Lindenweg', street1: 'Lindenweg 4', zip: '30659', city: 'Hannover', country: 'DE' };
const siteContact = { name: 'Site office', officePhone: '+49 511 123456', officeEMail: 'site@example.com' };

export const projectDocs: Record<string, OperationDoc> = {
  // projects
  'GET /api/data/:product/projects/:id': {
    summary: 'Read a project unit',
    description: `A project, sub-project, approval lot, order lot or folder with state, dates and notes. ${member}`,
  },
  'PUT /api/data/:product/projects/:id': {
    summary: 'Change a project unit',
    description:
      'Title, notes and delivery date; `version` must be the one read (409 otherwise). Members who may edit the unit.',
    example: { title: 'House Lindenweg 4', notes: null, deliveryDate: day, version: 3 },
  },
  'DELETE /api/data/:product/projects/:id': {
    summary: 'Delete a project unit',
    description: 'Deletes a unit and what lies below it, where its state allows. Members who may delete it.',
  },
  'GET /api/data/:product/projects/:id/path': {
    summary: 'Path of a unit',
    description: `The units from the project down to this one, for breadcrumbs. ${member}`,
  },
  'GET /api/data/:product/projects/:id/children': {
    summary: 'Children of a unit',
    description: `The units directly below, with state and type. ${member}`,
  },
  'GET /api/data/:product/projects/:id/features': {
    summary: 'Features of a project',
    description: `The features of the project's manufacturer that shape its pages. ${member}`,
  },
  'GET /api/data/:product/projects/:id/title-available': {
    summary: 'Check a title',
    description: "Whether `title` is free among the unit's siblings (titles are unique per level).",
  },
  'GET /api/data/:product/projects/:id/approval-lot-context': {
    summary: 'Approval lot context',
    description: 'Materials and dates already used in the sub-project, for the approval lot form.',
  },
  'GET /api/data/:product/projects/:id/members': {
    summary: 'List members',
    description: `The project's members with their roles. ${member}`,
  },
  'POST /api/data/:product/projects/:id/members': {
    summary: 'Add a member',
    description: 'Adds a user with roles to the project. Members who manage members.',
    example: { userID: 15, memberRoleKeys: ['drafter'] },
  },
  'GET /api/data/:product/projects/:id/members/:userId': {
    summary: 'Read a member',
    description: `One member with roles. ${member}`,
  },
  'PUT /api/data/:product/projects/:id/members/:userId': {
    summary: 'Change member roles',
    description: 'Replaces the roles of a member. Members who manage members.',
    example: { memberRoleKeys: ['reviewer', 'member'] },
  },
  'DELETE /api/data/:product/projects/:id/members/:userId': {
    summary: 'Remove a member',
    description: 'The user loses access to the project. Members who manage members.',
  },
  'POST /api/data/:product/projects': {
    summary: 'Create a unit',
    description:
      'Creates a sub-project, approval lot, order lot or folder below `parentProjectUnitID`. Members who may create units there.',
    example: {
      parentProjectUnitID: 7,
      projectUnitType: 'approvallot',
      title: 'Approval lot 1',
      notes: null,
      deliveryDate: day,
      materials,
    },
  },
  'GET /api/materials/:projectUnitID': {
    summary: 'Materials of a unit',
    description: `Material types, volumes and delivery dates. ${member}`,
  },
  'POST /api/materials/:projectUnitID': {
    summary: 'Save materials of a unit',
    description: "Replaces the unit's material list. Members who may edit the unit.",
    example: materials,
  },
  'GET /api/data/:product/addresses/:id': {
    summary: 'Read a site address',
    description: member,
  },
  'PUT /api/data/:product/addresses/:id': {
    summary: 'Change a site address',
    description: '`version` must be the one read. Members who may edit the unit.',
    example: { projectUnitID: 7, ...siteAddress, version: 1 },
  },
  'POST /api/data/:product/addresses': {
    summary: 'Create a site address',
    description: 'Creates the site address of a unit. Members who may edit the unit.',
    example: { projectUnitID: 7, ...siteAddress },
  },
  'GET /api/data/:product/contacts/:id': {
    summary: 'Read a site contact',
    description: member,
  },
  'PUT /api/data/:product/contacts/:id': {
    summary: 'Change a site contact',
    description: '`version` must be the one read. Members who may edit the unit.',
    example: { projectUnitID: 7, ...siteContact, version: 1 },
  },
  'POST /api/data/:product/contacts': {
    summary: 'Create a site contact',
    description: 'Creates the site contact of a unit. Members who may edit the unit.',
    example: { projectUnitID: 7, ...siteContact },
  },
  'PUT /api/data/:product/projectunitadditionaldata/:id': {
    summary: 'Link site address and contact',
    description: 'Sets which site address and contact belong to a unit.',
    example: { projectUnitID: 7, siteAddressID: 3, siteContactID: 4, version: 1 },
  },
  'POST /api/project-tools/execute': {
    summary: 'Run a project tool',
    description: 'Runs a named tool; today `reviewer-change-request` (asks the manufacturer to change the reviewer).',
    example: { name: 'reviewer-change-request', data: { rootUnitId: 7, email: 'new.reviewer@example.com' } },
  },
  'GET /api/tenant-infos/:rootUnitId': {
    summary: 'Information text of the manufacturer',
    description: `The manufacturer's information text (html; empty when the tenant does not show it) in the user's language, else in the tenant's language, else in any language it exists in. ${member}`,
  },
  'GET /api/data/:product/tenantfiles/:id/thumbnail.png': {
    summary: 'Tenant logo',
    description: "A tenant's logo as PNG (cached privately for a day).",
  },
  'GET /api/data/:product/projects/creation-context': {
    summary: 'Project creation context',
    description: 'Sales organisations and defaults for the new-project form. Users who may create projects.',
  },
  'GET /api/data/:product/projects/member-candidates': {
    summary: 'Member candidates for a new project',
    description: 'Users who can be added to a new project. Users who may create projects.',
  },
  'POST /api/data/:product/root-projects': {
    summary: 'Create a project',
    description:
      'Creates a project with site address, contact and members (`project.created` webhook event). Tenant admins and staff with a project-creating role.',
    example: {
      title: 'House Lindenweg 4',
      salesOrgID: 1,
      isBim: true,
      notes: null,
      siteAddress,
      siteContact,
      members: [{ userID: 15, memberRoleKeys: ['drafter'] }],
    },
  },
  'GET /api/data/:product/projects/:id/member-candidates': {
    summary: 'Member candidates',
    description: 'Users who can be added to this project. Members who manage members.',
  },
  'POST /api/data/:product/projects/:id/member-invitations': {
    summary: 'Invite a new member',
    description: 'Creates an account, mails the invitation and adds it to the project. Members who manage members.',
    example: {
      email: 'max.planer@example.com',
      firstName: 'Max',
      lastName: 'Planer',
      isInternal: false,
      language: 'de',
      memberRoleKeys: ['drafter'],
    },
  },
  'GET /api/data/:product/projects/:projectUnitID/product-type-assignments': {
    summary: 'List product-type assignments',
    description: `Product types, plants and order numbers of a unit. ${member}`,
  },
  'POST /api/data/:product/projects/:projectUnitID/product-type-assignments': {
    summary: 'Assign a product type',
    description: 'Adds a product type (with plant and order number); the answer is the new list. Manufacturer staff.',
    example: assignment,
  },
  'PUT /api/data/:product/projects/:projectUnitID/product-type-assignments/:assignmentID': {
    summary: 'Change a product-type assignment',
    description: 'The answer is the new list. Manufacturer staff.',
    example: assignment,
  },
  'DELETE /api/data/:product/projects/:projectUnitID/product-type-assignments/:assignmentID': {
    summary: 'Remove a product-type assignment',
    description: 'The answer is the new list. Manufacturer staff.',
  },
};
