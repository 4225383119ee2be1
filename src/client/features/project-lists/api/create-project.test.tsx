import { describe, expect, it } from 'vitest';
import type { CreateProjectInput } from '../../../../shared/schemas/project-onboarding';
import { queryKeys } from '../../../lib/query-keys';
import { invalidatedBy } from '../../../test/invalidation';
import { useCreateProject } from './create-project';

describe('useCreateProject', () => {
  it('refreshes the project lists, the dashboard counters and the search', async () => {
    const stale = await invalidatedBy(
      () => useCreateProject(),
      { title: 'Lindenhof' } as CreateProjectInput,
      {
        projectLists: queryKeys['project-lists'].list('current', 1, 25),
        counter: queryKeys.dashboard.count('projectCount'),
        quickSearch: queryKeys.search.quick('Linden'),
        profile: queryKeys.account.me(),
      },
      { projectUnitID: 31, projectUnitNo: '2026-0031' },
    );
    expect(stale).toEqual(['projectLists', 'counter', 'quickSearch']);
  });
});
