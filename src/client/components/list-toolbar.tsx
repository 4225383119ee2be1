import { Group, SegmentedControl, Select, Text, Title, type TitleOrder } from '@mantine/core';
import { IconLayoutGrid, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListView } from '../lib/list-preferences';
import type { PagedList } from '../lib/use-paged-list';

/** "All rows" in a page-size choice (workflow tables, spec §9). */
export const ALL_ROWS = 10_000;

type Props = {
  title: ReactNode;
  paging: PagedList;
  /** Heading level and size: `1`/`h2` for a page, `2`/`h4` for a card of a page. */
  order?: TitleOrder;
  size?: string;
  /** Shows the table/grid toggle. */
  withViewToggle?: boolean;
  /** Buttons before the view toggle and page size (refresh, help, add). */
  actions?: ReactNode;
};

/** The head of every list: title, extra actions, table/grid toggle and page size. */
export function ListToolbar({ title, paging, order = 1, size = 'h2', withViewToggle, actions }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={order} size={size}>
        {title}
      </Title>
      <Group gap="sm">
        {actions}
        {withViewToggle && (
          <SegmentedControl
            aria-label={t('LISTS.View.Label')}
            value={paging.view}
            onChange={(v) => paging.setView(v as ListView)}
            data={[
              {
                value: 'table',
                label: <ViewLabel icon={<IconTable size={16} aria-hidden />} text={t('LISTS.View.Table')} />,
              },
              {
                value: 'grid',
                label: <ViewLabel icon={<IconLayoutGrid size={16} aria-hidden />} text={t('LISTS.View.Grid')} />,
              },
            ]}
          />
        )}
        <Select
          aria-label={t('COMMON.PageSize')}
          data={paging.pageSizes.map((s) => ({
            value: String(s),
            label: s === ALL_ROWS ? t('WORKFLOW.Page.All') : String(s),
          }))}
          value={String(paging.pageSize)}
          onChange={(v) => v && paging.setPageSize(Number(v))}
          w={paging.pageSizes.includes(ALL_ROWS) ? 100 : 80}
          allowDeselect={false}
        />
      </Group>
    </Group>
  );
}

function ViewLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm">{text}</Text>
    </Group>
  );
}
