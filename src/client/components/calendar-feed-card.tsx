import { ActionIcon, Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Tooltip } from './tooltip';
import { IconCalendarEvent, IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../shared/schemas/calendar';
import { apiRequest } from '../lib/api-client';
import { apiData } from '../lib/config';
import { useFormatters } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notify';
import { queryKeys } from '../lib/query-keys';
import { confirmAction } from './confirm';

const feedPath = apiData('calendar-feed');

/**
 * The user's calendar subscription (profile page and delivery overview): a secret address that a
 * calendar program reads. The address is shown once, right after it is made; a new one replaces it,
 * revoking ends it.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: queryKeys['calendar-feed'].status(),
    queryFn: ({ signal }) => apiRequest<CalendarFeedStatus>(feedPath, { signal }),
  });
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => apiRequest<CalendarFeedCreated>(feedPath, { method: 'POST' }),
    onSuccess: (created) => {
      setUrl(created.url);
      queryClient.setQueryData(queryKeys['calendar-feed'].status(), created);
    },
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest(feedPath, { method: 'DELETE' }),
    onSuccess: () => {
      setUrl(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys['calendar-feed'].status() });
    },
  });
  const active = status.data?.active ?? false;

  const onCreate = async () => {
    if (active) {
      const ok = await confirmAction({
        title: t('CALENDAR.RenewTitle'),
        message: t('CALENDAR.RenewMessage'),
        confirmLabel: t('CALENDAR.Renew'),
        warning: true,
      });
      if (!ok) return;
    }
    try {
      await create.mutateAsync();
    } catch (err) {
      notifyError(err);
    }
  };
  const onRevoke = async () => {
    const ok = await confirmAction({
      title: t('CALENDAR.RevokeTitle'),
      message: t('CALENDAR.RevokeMessage'),
      confirmLabel: t('CALENDAR.Revoke'),
      danger: true,
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync();
      notifySuccess(t('CALENDAR.Revoked'));
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="calendar-feed-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarEvent size={20} aria-hidden />
          <Title order={2} size="h4">
            {t('CALENDAR.Title')}
          </Title>
        </Group>
        <Text size="sm">{t('CALENDAR.Text')}</Text>
        {status.data && (
          <Text size="sm" c="dimmed" data-testid="calendar-feed-status">
            {active
              ? t('CALENDAR.ActiveSince', {
                  date: fmt.date(status.data.createdAt),
                  used: status.data.lastUsedAt ? fmt.date(status.data.lastUsedAt) : t('CALENDAR.NeverUsed'),
                })
              : t('CALENDAR.Inactive')}
          </Text>
        )}
        {url && (
          <Alert color="blue" title={t('CALENDAR.AddressTitle')}>
            <Stack gap="xs">
              <Text size="sm">{t('CALENDAR.AddressOnce')}</Text>
              <TextInput
                readOnly
                value={url}
                label={t('CALENDAR.Address')}
                onFocus={(e) => e.currentTarget.select()}
                rightSection={
                  <CopyButton value={url}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('CALENDAR.Copied') : t('CALENDAR.Copy')}>
                        <ActionIcon
                          variant="subtle"
                          onClick={copy}
                          aria-label={copied ? t('CALENDAR.Copied') : t('CALENDAR.Copy')}
                        >
                          {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                }
              />
            </Stack>
          </Alert>
        )}
        <Group gap="sm">
          <Button
            variant={active ? 'default' : 'filled'}
            leftSection={active ? <IconRefresh size={16} aria-hidden /> : <IconCalendarEvent size={16} aria-hidden />}
            loading={create.isPending}
            onClick={() => void onCreate()}
          >
            {active ? t('CALENDAR.Renew') : t('CALENDAR.Create')}
          </Button>
          {active && (
            <Button
              variant="default"
              color="red"
              c="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={revoke.isPending}
              onClick={() => void onRevoke()}
            >
              {t('CALENDAR.Revoke')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
