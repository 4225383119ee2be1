import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { invalidatedBy } from '../../../test/invalidation';
import { useDeleteFile } from './delete-file';

describe('useDeleteFile', () => {
  it("refreshes every list that showed the file and the project's journal (no live event tells of it)", async () => {
    const stale = await invalidatedBy(() => useDeleteFile(1, 11), 5, {
      unitFiles: queryKeys.files.unit(1, 11),
      reviewFiles: queryKeys.viewer.files(1, 11),
      models: queryKeys.structure.ifcFiles(1),
      deliveryModel: queryKeys.delivery.info(1),
      quickSearch: queryKeys.search.quick('plan'),
      folder: queryKeys.projects.unit(11),
      journal: queryKeys.journal.page(1, 1, 25, {}),
      otherJournal: queryKeys.journal.page(2, 1, 25, {}),
      otherReviewFiles: queryKeys.viewer.files(1, 12),
    });
    expect(stale).toEqual(['unitFiles', 'reviewFiles', 'models', 'deliveryModel', 'quickSearch', 'folder', 'journal']);
  });
});
