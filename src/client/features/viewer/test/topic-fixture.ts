import type { Member } from '../../../../shared/schemas/projects';
import type { ReviewTopic } from '../../../../shared/schemas/review';

/** A member of the project as the members list gets it; `overrides` change single fields. */
export function memberFixture(overrides: Partial<Member> = {}): Member {
  return {
    userID: 7,
    userLogin: 'anna@example.com',
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'Berg',
    name: 'Planbau GmbH',
    name2: null,
    memberRoleKeys: ['reviewer'],
    officePhone: null,
    companyMobile: null,
    officeFax: null,
    tenantID: 1,
    salesOrgID: null,
    street1: null,
    street2: null,
    zip: null,
    city: null,
    isInternal: false,
    hasProfileImage: false,
    isActive: true,
    ...overrides,
  };
}

/** An open topic on version 2 of a drawing, nobody assigned, no comments; `overrides` change single fields. */
export function topicFixture(overrides: Partial<ReviewTopic> = {}): ReviewTopic {
  return {
    topicID: 11,
    guid: '3f1c2a9e-7d4b-4c21-9a55-0b6f1d2e3c4a',
    title: 'Öffnung fehlt',
    status: 'open',
    projectFileID: 5,
    fileName: 'Werkplan.pdf',
    version: 2,
    assigneeUserID: null,
    assigneeName: null,
    priority: 'normal',
    dueDate: null,
    labels: [],
    carriedOverOn: null,
    createdByName: 'Bernd Kurz',
    createdOn: '2026-11-20T09:00:00Z',
    markup: null,
    viewpoint: null,
    importedFrom: null,
    comments: [],
    ...overrides,
  };
}
