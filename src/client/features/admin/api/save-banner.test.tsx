import { describe, expect, it } from 'vitest';
import type { BannerInput } from '../../../../shared/schemas/admin';
import { queryKeys } from '../../../lib/query-keys';
import { invalidatedBy } from '../../../test/invalidation';
import { useDeleteBanner } from './delete-banner';
import { useSaveBanner } from './save-banner';

const keys = {
  adminList: queryKeys.admin.banners(1, 25),
  shownInAdmin: queryKeys['banner-notifications'].active(null),
  shownOnProject: queryKeys['banner-notifications'].active(4),
  users: queryKeys.admin.users({}, 1, 25),
};

describe('banner changes', () => {
  it('a saved banner refreshes the admin list and the banners shown above the pages', async () => {
    const body = { title: 'Wartung', text: 'Heute Abend', level: 'info' } as BannerInput;
    const stale = await invalidatedBy(() => useSaveBanner(), { body }, keys, { notificationID: 3 });
    expect(stale).toEqual(['adminList', 'shownInAdmin', 'shownOnProject']);
  });

  it('so does a deleted one', async () => {
    const stale = await invalidatedBy(() => useDeleteBanner(), 3, keys, { ok: true });
    expect(stale).toEqual(['adminList', 'shownInAdmin', 'shownOnProject']);
  });
});
