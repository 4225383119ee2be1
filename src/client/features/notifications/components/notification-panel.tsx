import { Anchor, Button, Group, Popover, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { NotificationList } from './notification-list';

const PANEL_SIZE = 8;

type Props = {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The bell (the popover's anchor). */
  target: ReactElement;
  unread: number;
  /** Closes the panel when a link in it is followed (focus goes with the navigation). */
  onNavigate: () => void;
};

/** The bell's panel: the newest notifications, mark all read, and the way to the full page. */
export function NotificationPanel({ opened, onChange, target, unread, onNavigate }: Props) {
  const { t } = useTranslation();
  const list = useNotifications(1, PANEL_SIZE, opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      width={420}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p={0} data-testid="notification-panel" aria-label={t('NOTIFY.Title')} role="dialog">
        <Stack gap={0}>
          <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
            <Text fw={700} size="sm" component="h2" m={0}>
              {t('NOTIFY.Title')}
            </Text>
            <Button
              style={{ flexShrink: 0 }}
              size="compact-xs"
              variant="subtle"
              disabled={unread === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {t('NOTIFY.MarkAllRead')}
            </Button>
          </Group>
          <div style={{ maxHeight: 420, overflowY: 'auto' }}>
            <NotificationList
              items={list.data?.data}
              loading={list.isLoading}
              error={list.error}
              onRead={(id) => markRead.mutate(id)}
              onNavigate={onNavigate}
            />
          </div>
          <Group justify="center" py="xs">
            <Anchor component={Link} to="/home/app/notifications" size="sm" onClick={onNavigate}>
              {t('NOTIFY.ShowAll')}
            </Anchor>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
