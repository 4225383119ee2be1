import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { invalidatedBy } from '../../../test/invalidation';
import { useConfirmLot } from './mutate-lots';

describe('delivery lot changes', () => {
  it("refresh the project's lots and journal, the outlook and the dashboard's diverging deliveries", async () => {
    const stale = await invalidatedBy(() => useConfirmLot(1), 5, {
      lots: queryKeys.delivery.lots(1, 1, 25, null),
      journal: queryKeys.journal.page(1, 1, 25, {}),
      outlook: queryKeys.outlook.volumes({ material: 'aac' }),
      diverging: queryKeys.dashboard.divergingDeliveries(),
      otherLots: queryKeys.delivery.lots(2, 1, 25, null),
      otherJournal: queryKeys.journal.page(2, 1, 25, {}),
    });
    expect(stale).toEqual(['lots', 'journal', 'outlook', 'diverging']);
  });
});
