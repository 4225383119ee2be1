import { Alert, Anchor, Card, CloseButton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { searchDataValue, searchTermMaxLength, type SearchItem } from '../../../../shared/schemas/search';
import { isFeatureOn } from '../../../../shared/rules/features';
import { DataTable } from '../../../components/data-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { ProductTypeBadge } from '../../../components/product-type-badge';
import { useCurrentUser } from '../../../lib/current-user';
import { apiErrorText } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { useSearchUnits } from '../api/search-units';
import { Highlighted } from '../components/highlighted';
import { unitPath } from '../unit-path';

const pageSizes = [10, 20, 50];

/** Project search (spec §2 Search): tenants with AdvancedSearch only; term and page in the URL. */
export function SearchPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (user && !isFeatureOn(user.features, 'AdvancedSearch')) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('SEARCH.Title')}
        </Title>
        <Alert color="yellow" data-testid="search-not-available">
          {t('SEARCH.NotAvailable')}
        </Alert>
      </Stack>
    );
  }
  return <SearchResults />;
}

function SearchResults() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const [input, setInput] = useState(term);
  const paging = usePagedList({ pageSizes, defaultPageSize: 20 });
  const result = useSearchUnits(term, paging.page, paging.pageSize);

  // Back and forward change the URL: the field follows it.
  useEffect(() => setInput(term), [term]);
  const total = result.data?.count;
  const { clamp } = paging;
  useEffect(() => {
    if (total !== undefined) clamp(total);
  }, [total, clamp]);

  const commit = (value: string) => {
    const next = value.trim();
    if (next === term) return;
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next) p.set('q', next);
        else p.delete('q');
        p.delete('page');
        return p;
      },
      // Typing replaces the entry; the first term of a search adds one, so back leaves the page.
      { replace: term !== '' },
    );
  };
  const debouncedCommit = useDebouncedCallback(commit, 300);

  const columns = useMemo<ColumnDef<SearchItem, unknown>[]>(
    () => [
      {
        id: 'title',
        header: t('SEARCH.Columns.Title'),
        cell: ({ row }) => (
          <Anchor component={Link} to={unitPath(row.original)} fw={500} onClick={(e) => e.stopPropagation()}>
            <Highlighted text={row.original.title} term={term} />
          </Anchor>
        ),
      },
      {
        id: 'no',
        header: t('SEARCH.Columns.Number'),
        cell: ({ row }) => (
          <Text span ff="monospace" size="sm">
            <Highlighted text={row.original.projectUnitNo} term={term} />
          </Text>
        ),
      },
      {
        id: 'type',
        header: t('SEARCH.Columns.Type'),
        cell: ({ row }) =>
          t(`JOURNAL.Types.${row.original.projectUnitType}`, { defaultValue: row.original.projectUnitType }),
      },
      {
        id: 'productType',
        header: t('SEARCH.Columns.ProductType'),
        cell: ({ row }) =>
          row.original.productType ? (
            <ProductTypeBadge
              title={row.original.productType}
              id={row.original.productTypeID}
              bg={row.original.productTypeBGColor}
              color={row.original.productTypeTextColor}
            />
          ) : (
            '–'
          ),
      },
      {
        id: 'plant',
        header: t('SEARCH.Columns.Plant'),
        cell: ({ row }) =>
          row.original.plant ? (
            <Text size="sm">
              <Highlighted text={row.original.plant} term={term} />{' '}
              <Text span c="dimmed" size="xs">
                ({row.original.plantID})
              </Text>
            </Text>
          ) : (
            '–'
          ),
      },
      {
        id: 'order',
        header: t('SEARCH.Columns.OrderNumber'),
        cell: ({ row }) => {
          const order = searchDataValue(row.original.data, 'OrderNumber');
          return order ? (
            <Text span ff="monospace" size="sm">
              <Highlighted text={order} term={term} />
            </Text>
          ) : (
            '–'
          );
        },
      },
    ],
    [t, term],
  );

  return (
    <Stack gap="md">
      <ListToolbar title={t('SEARCH.Title')} paging={paging} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <form
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              debouncedCommit.cancel();
              commit(input);
            }}
          >
            <TextInput
              data-autofocus
              autoFocus
              aria-label={t('SEARCH.Label')}
              placeholder={t('SEARCH.Placeholder')}
              leftSection={<IconSearch size={18} aria-hidden />}
              maxLength={searchTermMaxLength}
              value={input}
              onChange={(e) => {
                setInput(e.currentTarget.value);
                debouncedCommit(e.currentTarget.value);
              }}
              rightSection={
                input ? (
                  <CloseButton
                    aria-label={t('SEARCH.Clear')}
                    onClick={() => {
                      setInput('');
                      debouncedCommit.cancel();
                      commit('');
                    }}
                  />
                ) : null
              }
              size="md"
            />
          </form>
          {result.isError && (
            <Alert color="red" title={t('ERRORMESSAGES.Title')}>
              {apiErrorText(result.error)}
            </Alert>
          )}
          {!term ? (
            <Stack gap={4} align="center" py="xl" data-testid="search-hint">
              <IconSearch size={32} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text fw={500}>{t('SEARCH.EmptyTitle')}</Text>
              <Text c="dimmed" size="sm" ta="center" maw={520}>
                {t('SEARCH.EmptyHint')}
              </Text>
            </Stack>
          ) : (
            <DataTable
              data={result.data?.data}
              columns={columns}
              total={total}
              paging={paging}
              loading={result.isLoading}
              empty={
                <Stack gap={4} align="center" py="md" data-testid="search-no-results">
                  <Text fw={500}>{t('SEARCH.NoResults', { term })}</Text>
                  <Text c="dimmed" size="sm">
                    {t('SEARCH.NoResultsHint')}
                  </Text>
                </Stack>
              }
              getRowId={(r) => String(r.projectUnitID)}
              onRowClick={(r) => navigate(unitPath(r))}
              caption={t('SEARCH.Title')}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
