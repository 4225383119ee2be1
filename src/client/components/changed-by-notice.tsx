import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../shared/schemas/projects';
import { apiRequest } from '../lib/api-client';
import { apiData } from '../lib/config';
import { useCurrentUser } from '../lib/current-user';
import { onLiveMessage } from '../lib/live-updates';
import { queryKeys } from '../lib/query-keys';

/** Events that change the unit record itself (a new file or comment leaves an open form's fields alone). */
const UNIT_CHANGES = new Set([
  'unit.state.changed',
  'delivery.lot.changed',
  'delivery.confirmed',
  'order.placed',
  'order.confirmed',
  'review.decided',
]);

/**
 * Whether someone else changed the unit while this form is open, and who: the form keeps the
 * user's entries (never overwritten); the version check refuses a stale save.
 */
export function useChangedBy(unitId: number, rootId: number | null): { changed: boolean; name: string | null } {
  const client = useQueryClient();
  const { data: me } = useCurrentUser();
  const [state, setState] = useState<{ changed: boolean; name: string | null }>({ changed: false, name: null });
  useEffect(
    () =>
      onLiveMessage((msg) => {
        if (msg.unit !== unitId || msg.actor === me?.userID || !UNIT_CHANGES.has(msg.type)) return;
        setState((s) => ({ changed: true, name: s.name }));
        const root = msg.root ?? rootId;
        if (msg.actor === null || root === null) return;
        void client
          .fetchQuery({
            queryKey: queryKeys.projects.members(root),
            queryFn: async () => (await apiRequest<{ data: Member[] }>(apiData(`projects/${root}/members`))).data,
            staleTime: 60_000,
          })
          .then((members) => {
            const m = members.find((x) => x.userID === msg.actor);
            const name = m ? [m.firstName, m.lastName].filter(Boolean).join(' ') || m.userLogin : null;
            if (name) setState({ changed: true, name });
          })
          .catch(() => undefined);
      }),
    [client, unitId, rootId, me?.userID],
  );
  return state;
}

/** "Changed by X — reload": shown in a form while someone else changed what it edits. */
export function ChangedByNotice({
  unitId,
  rootId,
  onReload,
}: {
  unitId: number;
  rootId: number | null;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const { changed, name } = useChangedBy(unitId, rootId);
  if (!changed) return null;
  return (
    <Alert color="orange" role="status" data-testid="changed-by-notice">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">{name ? t('LIVE.ChangedBy', { name }) : t('LIVE.ChangedBySomeone')}</Text>
        <Button size="xs" variant="light" color="orange" onClick={onReload}>
          {t('COMMON.Reload')}
        </Button>
      </Group>
    </Alert>
  );
}
