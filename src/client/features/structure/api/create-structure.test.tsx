import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { invalidatedBy } from '../../../test/invalidation';
import { useCreateProjectStructure } from './create-structure';

describe('useCreateProjectStructure', () => {
  it('refreshes what the state change and the new units touch, and the editor', async () => {
    const stale = await invalidatedBy(
      () => useCreateProjectStructure(1),
      { subProjects: [] },
      {
        root: queryKeys.projects.unit(1),
        tasks: queryKeys.tasks.list(1, 25),
        journal: queryKeys.journal.page(1, 1, 25, {}),
        projectLists: queryKeys['project-lists'].list('current', 1, 25),
        quickSearch: queryKeys.search.quick('Haus'),
        outlook: queryKeys.outlook.volumes({ material: 'aac' }),
        draft: queryKeys.structure.draft(1),
        profile: queryKeys.account.me(),
      },
      { rootProjectUnitID: 1, stateKey: 'Preparing', subprojects: 0, approvalLots: 0 },
    );
    expect(stale).toEqual(['root', 'tasks', 'journal', 'projectLists', 'quickSearch', 'outlook', 'draft']);
  });
});
