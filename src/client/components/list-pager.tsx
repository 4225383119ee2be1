import { Group, Pagination, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../lib/paging';
import type { PagedList } from '../lib/use-paged-list';

/**
 * The footer of every list: the total and the pager. Once the total is known, a page beyond the
 * last one (an old link, a shrunken list) is replaced by the last page.
 */
export function ListPager({ paging, total }: { paging: PagedList; total: number | undefined }) {
  const { t } = useTranslation();
  const { clamp } = paging;
  useEffect(() => {
    if (total !== undefined) clamp(total);
  }, [total, clamp]);
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('COMMON.Total', { count: total ?? 0 })}
      </Text>
      <Pagination
        total={pageCount(total ?? 0, paging.pageSize)}
        value={paging.page}
        onChange={paging.setPage}
        size="sm"
        withEdges
        getControlProps={(c) => ({ 'aria-label': t(`COMMON.Pager.${c}`) })}
      />
    </Group>
  );
}
