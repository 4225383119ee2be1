import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { invalidatedBy } from '../../../test/invalidation';
import { useImportCatalogue } from './import-catalogue';

const keys = {
  catalogue: queryKeys.orders.catalogue('aac'),
  lotProducts: queryKeys.orders.products('aacproducts', 7),
  otherCatalogue: queryKeys.orders.catalogue('lintel'),
  lotItems: queryKeys.orders.items('aacorderlotitems', 7),
};

describe('useImportCatalogue', () => {
  it('an applied import refreshes the catalogue and the products the order lots offer from it', async () => {
    const stale = await invalidatedBy(() => useImportCatalogue(), { kind: 'aac', csv: 'productNo;title' }, keys, {
      applied: true,
      problems: [],
    });
    expect(stale).toEqual(['catalogue', 'lotProducts']);
  });

  it('a refused import refreshes nothing', async () => {
    const stale = await invalidatedBy(() => useImportCatalogue(), { kind: 'aac', csv: 'productNo;title' }, keys, {
      applied: false,
      problems: [],
    });
    expect(stale).toEqual([]);
  });
});
