import '@mantine/spotlight/styles.css';
import './quick-search.css';
import { Group, Kbd, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconBriefcase, IconFile, IconFolder, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { QuickSearchHit } from '../../../../shared/schemas/search';
import { useQuickSearch } from '../api/quick-search';
import { unitPath } from '../unit-path';
import { Highlighted } from './highlighted';

const [store, quickSearch] = createSpotlight();
const icons = { project: IconBriefcase, unit: IconFolder, file: IconFile } as const;
const groups = ['project', 'unit', 'file'] as const;

type Props = {
  /** Set by the shell (Ctrl/⌘-K or the search button); the shell learns of closing through `onClose`. */
  opened: boolean;
  onClose: () => void;
  /** The full search page exists for the user's tenant (AdvancedSearch). */
  withSearchPage: boolean;
};

/**
 * The quick search of the shell (Mantine Spotlight, loaded on first use): projects, units and files
 * the user may read, as they type; Enter or a click opens the unit. Loaded lazily by the shell.
 * @public
 */
export function QuickSearch({ opened, onClose, withSearchPage }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [term] = useDebouncedValue(query.trim(), 200);
  const result = useQuickSearch(term);
  const data = result.data?.data;
  const hits = useMemo(() => (term && data ? data : []), [term, data]);

  useEffect(() => {
    if (opened) quickSearch.open();
  }, [opened]);

  // Spotlight selects the first action when the query changes; the hits arrive later, so the first
  // one is selected again once they are shown, and Enter opens it.
  useEffect(() => {
    if (hits.length === 0) return;
    const listId = store.getState().listId;
    const list = listId ? document.getElementById(listId) : null;
    const first = list?.querySelector('[data-action]');
    if (!list || !first) return;
    list.querySelector('[data-selected]')?.removeAttribute('data-selected');
    first.setAttribute('data-selected', 'true');
    store.updateState((state) => ({ ...state, selected: 0 }));
  }, [hits]);

  const open = (hit: QuickSearchHit) => navigate(unitPath(hit));

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={onClose}
      clearQueryOnClose
      scrollable
      maxHeight={480}
    >
      <Spotlight.Search
        placeholder={t('SEARCH.QuickPlaceholder')}
        aria-label={t('SEARCH.Label')}
        leftSection={<IconSearch size={18} aria-hidden />}
      />
      <Spotlight.ActionsList aria-label={t('SEARCH.QuickResults')}>
        {groups.map((kind) => {
          const inGroup = hits.filter((h) => h.kind === kind);
          if (inGroup.length === 0) return null;
          const Icon = icons[kind];
          return (
            <Spotlight.ActionsGroup key={kind} label={t(`SEARCH.Groups.${kind}`)}>
              {inGroup.map((hit) => (
                <Spotlight.Action
                  key={`${kind}-${hit.projectFileID ?? hit.projectUnitID}`}
                  onClick={() => open(hit)}
                  data-testid="quick-search-hit"
                >
                  <Group wrap="nowrap" gap="sm" w="100%">
                    <Icon size={18} className="quick-search-icon" aria-hidden />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" truncate>
                        <Highlighted text={hit.title} term={term} />
                      </Text>
                      <Text size="xs" ff="monospace" className="quick-search-secondary">
                        <Highlighted text={hit.projectUnitNo} term={term} />
                      </Text>
                    </div>
                  </Group>
                </Spotlight.Action>
              ))}
            </Spotlight.ActionsGroup>
          );
        })}
        {hits.length === 0 && (
          <Spotlight.Empty>
            {term && !result.isFetching ? t('SEARCH.NoResults', { term }) : t('SEARCH.QuickHint')}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> {t('SEARCH.KeysSelect')} · <Kbd size="xs">Enter</Kbd>{' '}
            {t('SEARCH.KeysOpen')} · <Kbd size="xs">Esc</Kbd> {t('SEARCH.KeysClose')}
          </Text>
          {withSearchPage && term && (
            <Text
              component="button"
              type="button"
              size="xs"
              c="teal.9"
              fw={500}
              style={{ background: 'none', border: 0, cursor: 'pointer', padding: 0 }}
              onClick={() => {
                quickSearch.close();
                navigate(`/home/app/project/search?${new URLSearchParams({ q: term })}`);
              }}
            >
              {t('SEARCH.AllResults')}
            </Text>
          )}
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
