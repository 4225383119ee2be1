/**
 * Summary, description and request example of every API operation, keyed `METHOD /route/:pattern`
 * as Fastify registers it. A route may carry its own `summary` and `description` in its schema
 * instead (they win); the document test refuses an operation that has neither. Who may call an
 * operation beyond what its text says (public, session, API token scope) is added from the code
 * (./document.ts), so it cannot go stale.
 */
/** Summary and description may be left to the route's own schema; the example is taken either way. */
export type OperationDoc = { summary?: string; description?: string; example?: unknown };

const admin = 'Tenant admins only.';
const member = 'Members of the project and the tenant staff who see it.';
const own = "The signed-in user's own data.";
const list = 'Paged and filtered with `$top`, `$skip`, `$orderby`, `$filter` (an OData subset) and `$count`.';

const day = '2026-03-02';
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
const deliveryLot = {
  title: 'Delivery 1 – ground floor',
  requestedDate: day,
  confirmedDate: null,
  deliveryType: 0,
  approvalLotIDs: [42],
  walls: [{ globalId: '2O2Fr$t4X7Zf8NOew3FLOH', name: 'Wall W-01' }],
};
const banner = {
  title: 'Maintenance on Saturday',
  text: 'The portal is unavailable on Saturday from 8:00 to 10:00.',
  level: 'info',
  showFrom: '2026-03-01T08:00:00.000Z',
  showUntil: '2026-03-07T10:00:00.000Z',
  salesOrgs: [1],
};
const tenantUser = { firstName: 'Erika', lastName: 'Muster', isInternal: false, salesOrgID: null, language: 'de' };
const materials = [{ type: 'AAC', volume: 120.5, deliveryDate: day }];
const assignment = { productTypeID: 1, plantID: 2, orderNumber: '4500012345' };
const siteAddress = { name: 'Site Lindenweg', street1: 'Lindenweg 4', zip: '30659', city: 'Hannover', country: 'DE' };
const siteContact = { name: 'Site office', officePhone: '+49 511 123456', officeEMail: 'site@example.com' };
const passwords = { newPassword: 'correct horse battery 7', confirmNewPassword: 'correct horse battery 7' };
const token = { token: 'k3nKx0mZ1qVb2pRt4sWu' };

export const operationDocs: Record<string, OperationDoc> = {
  // health, legal
  'GET /api/health/live': {
    summary: 'Liveness probe',
    description: 'Answers 200 while the process runs (no database call). For container and balancer probes.',
  },
  'GET /api/health/ready': {
    summary: 'Readiness probe',
    description:
      'Answers 200 when the database answers and the server takes requests; 503 while it starts, drains on SIGTERM or has lost its database.',
  },
  'GET /api/legal/operator': {
    summary: 'Operator details',
    description: 'Name, address and register details of the operator, shown on the imprint and privacy pages.',
  },

  // account
  'POST /api/account/login': {
    summary: 'Sign in',
    description:
      'Checks login and password and sets the session cookie. Repeated failures are throttled per account and address (429).',
    example: { login: 'erika.muster@example.com', password: 'correct horse battery 7' },
  },
  'GET /api/account/me': {
    summary: 'Current user',
    description: 'The signed-in user: name, tenant, language, roles and the tenant features that shape the pages.',
  },
  'POST /Account/SignOut': {
    summary: 'Sign out',
    description: 'Ends the session of the cookie (if any) and clears the cookie. Always answers 200.',
  },
  'POST /api/account/password-reset/request': {
    summary: 'Request a password reset',
    description:
      'Mails a reset link to the account of this login, if there is one. The answer is the same whether or not it exists.',
    example: { login: 'erika.muster@example.com' },
  },
  'POST /api/account/password-reset/confirm': {
    summary: 'Set a new password with a reset link',
    description: 'Sets the password with the token from the reset mail; the token works once and expires.',
    example: { ...token, ...passwords },
  },
  'POST /api/account/delete': {
    summary: 'Request account deletion',
    description: 'Mails a confirmation link to the signed-in user; the account is deleted only once it is confirmed.',
  },
  'POST /api/account/delete/confirm': {
    summary: 'Confirm account deletion',
    description: 'Deletes the account of the confirmation token and ends its sessions.',
    example: token,
  },
  'POST /api/account/invitation/info': {
    summary: 'Read an invitation',
    description: 'Name, login and tenant of the invitation token, for the page where the invitee sets a password.',
    example: token,
  },
  'POST /api/account/invitation/accept': {
    summary: 'Accept an invitation',
    description: "Sets the invitee's password with the invitation token and activates the account.",
    example: { ...token, ...passwords },
  },
  'GET /api/account/oidc/providers': {
    summary: 'Company sign-in providers',
    description: 'The tenants that offer company sign-in (OpenID Connect), with their button labels.',
  },
  'GET /api/account/oidc/start/:tenantKey': {
    summary: 'Start company sign-in',
    description: "Redirects (302) to the tenant's identity provider with state, nonce and PKCE.",
  },
  'GET /api/account/oidc/callback': {
    summary: 'Company sign-in callback',
    description:
      'The identity provider returns here; the code is exchanged, the user signed in and redirected to the app (or to the sign-in page with an error).',
  },
  'GET /api/account/sessions': {
    summary: 'List own sessions',
    description: `The signed-in user's open sessions with device, address and last use; the current one is marked. ${own}`,
  },
  'POST /api/account/sessions/end-others': {
    summary: 'End other sessions',
    description: 'Ends every session of the signed-in user except the current one.',
  },
  'DELETE /api/account/sessions/:sessionID': {
    summary: 'End a session',
    description: "Ends one of the signed-in user's sessions (404 for anyone else's).",
  },

  // profile
  'GET /api/data/:product/profile': {
    summary: 'Read the profile',
    description: `Personal data, contact, company address and settings. ${own}`,
  },
  'POST /api/data/:product/profilesettings': {
    summary: 'Save profile settings',
    description: `Turns the daily status mail on or off. ${own}`,
    example: { dailyStatusMail: true },
  },
  // Summary and description in the routes (modules/notifications/mail-preference-routes.ts).
  'PUT /api/data/:product/mail-preferences': {
    example: { preferences: [{ kind: 'unit.state.changed', delivery: 'digest' }] },
  },
  'POST /api/mail/unsubscribe': { example: { 'List-Unsubscribe': 'One-Click' } },
  'POST /api/data/:product/profileuserprofile': {
    summary: 'Save personal data',
    description: `First and last name. ${own}`,
    example: { firstName: 'Erika', lastName: 'Muster' },
  },
  'POST /api/data/:product/profilecontact': {
    summary: 'Save contact data',
    description: `Office phone and company mobile. ${own}`,
    example: { officePhone: '+49 511 000000', companyMobile: null },
  },
  'POST /api/data/:product/profileaddress': {
    summary: 'Save the company address',
    description: `The address shown with the user's name. ${own}`,
    example: { name: 'Muster Bau GmbH', street1: 'Hauptstraße 1', street2: null, zip: '30159', city: 'Hannover' },
  },
  'PUT /api/account/:product/password': {
    summary: 'Change the password',
    description:
      "Checks the old password, sets the new one and ends the user's other sessions. Not for company sign-in accounts.",
    example: { oldPassword: 'old secret phrase 1', ...passwords },
  },
  'PUT /api/data/:product/users/:userID': {
    summary: 'Set the language',
    description: 'The language of pages and mails of the signed-in user (`userID` must be the own id).',
    example: { languageKey: 'en' },
  },
  'POST /api/data/:product/profilefiles/thumbnail.png': {
    summary: 'Upload the profile picture',
    description:
      'A PNG or JPEG as `multipart/form-data` (field `file`, up to 20 MB); it is cropped and stored as a small PNG.',
  },
  'DELETE /api/data/:product/profilefiles/thumbnail.png': {
    summary: 'Remove the profile picture',
    description: own,
  },
  'GET /api/data/:product/profilefiles/:userID/thumbnail.png': {
    summary: 'Profile picture of a user',
    description: 'The PNG of a user of the same tenant or a shared project; 404 when there is none.',
  },

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

  // tasks, journal, notifications, live
  'GET /api/tasks': {
    summary: 'List open tasks',
    description: `The signed-in user's open tasks, optionally of one unit (\`projectUnitID\`). ${list}`,
  },
  'GET /api/tasks/:id': {
    summary: 'Read a task',
    description: 'One task of the signed-in user with its unit and due date.',
  },
  'GET /api/data/:product/project-unit-journal/:rootUnitId': {
    summary: 'Project journal',
    description: `Every change in the project, newest first: who, when, what. ${list} Members who may read the journal.`,
  },
  'GET /api/notifications': {
    summary: 'List notifications',
    description: `The signed-in user's notifications, newest first. ${list}`,
  },
  'GET /api/notifications/unread-count': {
    summary: 'Count unread notifications',
    description: own,
  },
  'POST /api/notifications/:id/read': {
    summary: 'Mark a notification read',
    description: own,
  },
  'POST /api/notifications/read-all': {
    summary: 'Mark all notifications read',
    description: own,
  },
  'GET /api/events/stream': {
    summary: 'Live updates',
    description:
      'Server-Sent Events (`text/event-stream`) of changes the signed-in user may see, so open pages refresh. One stream per tab.',
  },

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

  // help
  'POST /api/data/:product/projects/test-email': {
    summary: 'Check an e-mail address',
    description: 'Checks an address with the rule of the help dialog and answers it back; sends nothing.',
    example: { email: 'erika.muster@example.com' },
  },

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
    description: `Replaces the AAC or lintel catalogue (\`kind\`) from CSV; the answer reports rows added, changed and refused. ${admin}`,
    example: { csv: 'productNo;name;thickness\n1204;PP2-0.35 240;240\n' },
  },

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
    summary: 'Manufacturer of a project',
    description: `Name, contact and logo id of the project's manufacturer. ${member}`,
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

  // structure
  'GET /api/data/:product/projects/:id/structure-draft': {
    summary: 'Read the structure draft',
    description: 'The saved draft of the structure editor. Members who edit the structure.',
  },
  'PUT /api/data/:product/projects/:id/structure-draft': {
    summary: 'Save the structure draft',
    description: 'Saves sub-projects and approval lots being planned, before they are created.',
    example: {
      structure: {
        subProjects: [
          { id: 'sp-1', name: 'House A', approvalLots: [{ id: 'al-1', name: 'Ground floor', materials: [] }] },
        ],
      },
    },
  },
  'POST /api/tasks/create-project-structure/:rootId': {
    summary: 'Create the project structure',
    description:
      'Creates sub-projects and approval lots with materials and finishes the structuring step. Members who edit the structure.',
    example: [{ subProjectTitle: 'House A', approvalLots: [{ approvalLotTitle: 'Ground floor', materials }] }],
  },
  'GET /api/file/:rootId/:fileKey/ifcstructure': {
    summary: 'Structure from an IFC model',
    description: 'Reads storeys and walls of an uploaded IFC file as a structure proposal.',
  },
  'GET /api/file/:rootId/:fileKey/ifcstructure/progress': {
    summary: 'Structure from an IFC model, with progress',
    description: 'The same reading as NDJSON: one `{"phase"}` line per step, then `{"structure"}` or `{"error"}`.',
  },

  // files
  'GET /api/file/projectFiles/:rootUnitId': {
    summary: 'File tree of a project',
    description: `Every unit of the project with its files and versions. ${member}`,
  },
  'POST /api/file/projectFiles/:rootUnitId': {
    summary: 'Prepare a zip download',
    description: 'Collects the files chosen into a zip; the answer names the download to fetch.',
    example: [{ projectUnitID: 42, fileID: 310, fileName: 'plan-ground-floor.pdf' }],
  },
  'GET /api/file/projectFiles/download/:downloadID': {
    summary: 'Fetch a zip download',
    description: 'The zip prepared before (`application/zip`), for the user who asked for it.',
  },
  'GET /api/file/:rootId/:unitId': {
    summary: 'Files of a unit',
    description: `The unit's files with their versions, sizes and states. ${member}`,
  },
  'GET /api/file/:rootId/:unitId/:fileId/content': {
    summary: 'Download a file',
    description: `The bytes of the newest (or the \`version\` given) version of a file. ${member}`,
  },
  'DELETE /api/file/:rootId/:unitId/:fileId': {
    summary: 'Delete a file',
    description:
      "Soft-deletes a file; its bytes are removed after the retention period. Members who may change the unit's files.",
  },
  'GET /api/data/:product/file-policy': {
    summary: 'Read the file policy',
    description: `Allowed file kinds and the size limit per file. ${admin}`,
  },
  'PUT /api/data/:product/file-policy': {
    summary: 'Set the file policy',
    description: `Allowed kinds and the size limit (1 MB to 10 GB). ${admin}`,
    example: { allowedKinds: ['pdf', 'ifc', 'dwg'], maxFileSizeBytes: 524288000 },
  },
  'DELETE /api/data/:product/file-policy': {
    summary: 'Reset the file policy',
    description: `Back to the defaults. ${admin}`,
  },
  'GET /api/data/:product/file-policy/usage': {
    summary: 'Storage usage',
    description: `The tenant's stored bytes and files against its quota. ${admin}`,
  },

  // viewer
  'GET /api/viewer/:rootId/:unitId/files/:fileId/fragments': {
    summary: 'Converted model',
    description: 'The IFC version converted for the 3D viewer (fragments, gzip); 409 while the conversion runs.',
  },
  'GET /api/viewer/:rootId/:unitId/files/:fileId/compare': {
    summary: 'Compare two versions',
    description: 'What changed between two versions of a drawing or model (`version` against `against`).',
  },
  'GET /api/viewer/:rootId/:unitId/files/:fileId/versions/:version/calibrations': {
    summary: 'Scales of a drawing',
    description: `The measuring scale of each calibrated page of a file version, the same for everyone. ${member}`,
  },
  'PUT /api/viewer/:rootId/:unitId/files/:fileId/versions/:version/calibrations/:page': {
    summary: 'Calibrate a page',
    description:
      'Sets the scale of one page: two points (fractions of the page), the page size in PDF points and the real length between the points in millimetres.',
    example: { x1: 0.1, y1: 0.5, x2: 0.6, y2: 0.5, pageWidth: 1190.55, pageHeight: 841.89, lengthMm: 5000 },
  },
  'GET /api/viewer/units': {
    summary: 'Units to review',
    description: "The units waiting for the signed-in user's review.",
  },
  'GET /api/viewer/:rootId/:unitId/topics': {
    summary: 'List review topics',
    description: `The unit's topics with comments, markups and viewpoints. ${member}`,
  },
  'POST /api/viewer/:rootId/:unitId/topics': {
    summary: 'Create a review topic',
    description:
      'A topic on a file version, with an optional first comment, markup or 3D viewpoint; mentioned users are told.',
    example: {
      title: 'Opening too close to the corner',
      comment: 'Please move the window 20 cm to the right.',
      projectFileID: 310,
      version: 2,
      markup: { kind: 'area', page: 1, x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4 },
    },
  },
  'PATCH /api/viewer/:rootId/:unitId/topics/:topicId': {
    summary: 'Change a review topic',
    description:
      'Status (open, resolved), assignee, priority (low, normal, high), due date (null clears it) and labels.',
    example: { status: 'resolved', priority: 'high', dueDate: '2026-12-18', labels: ['Statik'] },
  },
  'POST /api/viewer/:rootId/:unitId/topics/:topicId/comments': {
    summary: 'Comment on a topic',
    description: 'Adds a comment; mentioned users are told.',
    example: { text: 'Done in version 3.', mentionUserIDs: [15] },
  },
  'GET /api/viewer/:rootId/:unitId/bcf': {
    summary: 'Export topics as BCF',
    description: `The unit's topics as a BCF 3.0 archive (\`.bcfzip\`). ${member}`,
  },
  'POST /api/viewer/:rootId/:unitId/bcf': {
    summary: 'Import topics from BCF',
    description:
      'A BCF 3.0 archive as the request body (`application/zip`); topics and comments are added, known ones skipped.',
  },
  'POST /api/viewer/:rootId/:unitId/decision': {
    summary: 'Decide a review',
    description:
      "Approves the drawing or requests a revision (`review.decided` webhook event). The unit's reviewer. Approving needs a choice for each open topic (`resolve`, `carry-over`, or `accept` with a comment), else 400 and nothing changes; the approval writes a sign-off record.",
    example: {
      decision: 'approve',
      stateKey: 'ReviewRevisedDrawings',
      topicChoices: [
        { topicID: 12, choice: 'resolve' },
        { topicID: 13, choice: 'accept', comment: 'Detail follows with the shop drawings.' },
      ],
    },
  },
  'GET /api/viewer/:rootId/:unitId/sign-offs': {
    summary: 'Sign-off records',
    description: `Who approved which file versions and when, with the topics open then and the choice made for each. ${member}`,
  },
  'GET /api/viewer/:rootId/:unitId/sign-offs/:signOffId/pdf': {
    summary: 'Sign-off record as PDF',
    description: `One sign-off record as a PDF in the user's language. ${member}`,
  },

  // admin
  'GET /api/banner-notifications/sales-orgs': {
    summary: 'Sales organisations for banners',
    description: `The sales organisations a banner can be shown to. ${admin}`,
  },
  'GET /api/banner-notifications/active': {
    summary: 'Active banners',
    description: 'The banners shown to the signed-in user now.',
  },
  'GET /api/data/:product/banner-notifications': {
    summary: 'List banners',
    description: `${list} ${admin}`,
  },
  'POST /api/data/:product/banner-notifications': {
    summary: 'Create a banner',
    description: `A message shown to the users of the sales organisations chosen between two times. ${admin}`,
    example: banner,
  },
  'PUT /api/data/:product/banner-notifications/:notificationID': {
    summary: 'Change a banner',
    description: `\`version\` must be the one read. ${admin}`,
    example: { ...banner, version: 1 },
  },
  'DELETE /api/data/:product/banner-notifications/:notificationID': {
    summary: 'Delete a banner',
    description: admin,
  },
  'GET /api/data/:product/plants': {
    summary: 'List plants',
    description: 'The plants of the tenant.',
  },
  'GET /api/data/:product/producttypes': {
    summary: 'List product types',
    description: 'The product types of the tenant.',
  },
  'GET /api/data/:product/productplantpreliminarydays': {
    summary: 'List preliminary days',
    description: `Lead days per product type and plant. ${admin}`,
  },
  'PUT /api/data/:product/productplantpreliminarydays/:id': {
    summary: 'Set preliminary days',
    description: `Lead days (1–365) of one product type and plant. ${admin}`,
    example: { PreliminaryDays: 10 },
  },
  'GET /api/data/:product/mailoutbox': {
    summary: 'Mail outbox',
    description: `Mails of the tenant with their sending state. ${list} ${admin}`,
  },
  'POST /api/data/:product/mailoutbox/:id/retry': {
    summary: 'Send a mail again',
    description: `Queues a failed mail again. ${admin}`,
  },
  'GET /api/data/:product/company-sign-in': {
    summary: 'Read company sign-in settings',
    description: `Issuer, client id, button label and state (the secret is never shown). ${admin}`,
  },
  'PUT /api/data/:product/company-sign-in': {
    summary: 'Save company sign-in settings',
    description: `OpenID Connect settings; without \`clientSecret\` the stored one is kept. ${admin}`,
    example: {
      issuer: 'https://login.example.com/realms/muster',
      clientId: 'planport',
      clientSecret: 'a-client-secret',
      buttonLabel: 'Sign in with Muster ID',
      enabled: true,
    },
  },
  'POST /api/data/:product/company-sign-in/test': {
    summary: 'Test an identity provider',
    description: `Fetches the issuer's discovery document (public addresses only) and reports what it offers. ${admin}`,
    example: { issuer: 'https://login.example.com/realms/muster' },
  },

  // users
  'GET /api/data/:product/tenant-users': {
    summary: 'List users',
    description: `The tenant's users. ${list} ${admin}`,
  },
  'POST /api/data/:product/tenant-users': {
    summary: 'Invite a user',
    description: `Creates a user and mails the invitation. ${admin}`,
    example: { email: 'erika.muster@example.com', ...tenantUser, isAdmin: false, companySignInOnly: false },
  },
  'GET /api/data/:product/tenant-users/:userID': {
    summary: 'Read a user',
    description: admin,
  },
  'PUT /api/data/:product/tenant-users/:userID': {
    summary: 'Change a user',
    description: `Name, kind, admin right, sales organisation and language. ${admin}`,
    example: { ...tenantUser, isAdmin: true },
  },
  'POST /api/data/:product/tenant-users/:userID/deactivate': {
    summary: 'Deactivate a user',
    description: `The user can no longer sign in and open sessions stop working; not oneself, not the last admin. ${admin}`,
  },
  'POST /api/data/:product/tenant-users/:userID/reactivate': {
    summary: 'Reactivate a user',
    description: admin,
  },
  'POST /api/data/:product/tenant-users/:userID/invitation': {
    summary: 'Send the invitation again',
    description: `A new invitation mail; the old link stops working. ${admin}`,
  },
  'POST /api/data/:product/tenant-users/:userID/invitation-link': {
    summary: 'Invitation link',
    description: `A new invitation link to hand over in person; the old link stops working. ${admin}`,
  },
  'POST /api/data/:product/tenant-users/:userID/end-sessions': {
    summary: "End a user's sessions",
    description: `Signs the user out everywhere. ${admin}`,
  },

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
