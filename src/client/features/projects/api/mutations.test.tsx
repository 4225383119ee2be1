import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { invalidatedBy } from '../../../test/invalidation';
import { useSaveDeliveryData } from './delivery-data';
import { useRemoveMember } from './manage-members';
import { useUpdateUnit } from './mutate-unit';
import { useChangeProductTypes } from './product-types';
import { useSaveSiteData } from './site-data';

// Project 1 with unit 11; project 2 is another project.
const elsewhere = {
  otherJournal: queryKeys.journal.page(2, 1, 25, {}),
  profile: queryKeys.account.me(),
};

describe('what a change of a project refreshes', () => {
  it("product types: the unit's actions (also the review's) and both searches", async () => {
    const stale = await invalidatedBy(
      () => useChangeProductTypes(11),
      { kind: 'remove', id: 3 },
      {
        actions: queryKeys.projects.workflowActions(11),
        reviewActions: queryKeys.viewer.actions(11),
        search: queryKeys.search.units('4500', 1, 25),
        quickSearch: queryKeys.search.quick('4500'),
        otherActions: queryKeys.projects.workflowActions(12),
        ...elsewhere,
      },
      { data: [], canEdit: true, productTypes: [], plants: [] },
    );
    expect(stale).toEqual(['actions', 'reviewActions', 'search', 'quickSearch']);
  });

  it("delivery data: the materials, the workflows page, the project's journal and the outlook", async () => {
    const stale = await invalidatedBy(
      () => useSaveDeliveryData(1),
      { approvalLots: [] },
      {
        materials: queryKeys.projects.materials(11),
        notifications: queryKeys.workflow.notifications(1, 25),
        journal: queryKeys.journal.page(1, 1, 25, {}),
        outlook: queryKeys.outlook.volumes({ material: 'aac' }),
        ...elsewhere,
      },
      { subProjects: [] },
    );
    expect(stale).toEqual(['materials', 'notifications', 'journal', 'outlook']);
  });

  it("members: the project's members, the review's members and the journal", async () => {
    const stale = await invalidatedBy(() => useRemoveMember(1), 9, {
      members: queryKeys.projects.members(1),
      reviewMembers: queryKeys.viewer.members(1),
      tasks: queryKeys.tasks.list(1, 25),
      journal: queryKeys.journal.page(1, 1, 25, {}),
      ...elsewhere,
    });
    expect(stale).toEqual(['members', 'reviewMembers', 'tasks', 'journal']);
  });

  it('a unit: the unit, both searches, the project lists, the outlook and the workflows page', async () => {
    const stale = await invalidatedBy(
      () => useUpdateUnit(11),
      { changes: { title: 'Haus B' }, version: 3 },
      {
        unit: queryKeys.projects.unit(11),
        search: queryKeys.search.units('Haus', 1, 25),
        quickSearch: queryKeys.search.quick('Haus'),
        projectLists: queryKeys['project-lists'].list('current', 1, 25),
        outlook: queryKeys.outlook.figures({}),
        notifications: queryKeys.workflow.notifications(1, 25),
        ...elsewhere,
      },
    );
    expect(stale).toEqual(['unit', 'search', 'quickSearch', 'projectLists', 'outlook', 'notifications']);
  });

  it('site data: the records and the journal', async () => {
    const stale = await invalidatedBy(
      () => useSaveSiteData(1),
      { address: null, contact: null, contactValues: { name: 'Bauleitung' } as never },
      {
        unit: queryKeys.projects.unit(1),
        journal: queryKeys.journal.page(1, 1, 25, {}),
        profile: elsewhere.profile,
      },
    );
    expect(stale).toEqual(['unit', 'journal']);
  });
});
