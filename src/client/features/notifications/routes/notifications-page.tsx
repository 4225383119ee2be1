import { Button, Card, Stack } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager';
import { ListToolbar } from '../../../components/list-toolbar';
import { usePagedList } from '../../../lib/use-paged-list';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';
import { NotificationList } from '../components/notification-list';

/** All notifications of the last 90 days, newest first, paged; mark one or all read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const paging = usePagedList({ storageKey: 'notifications' });
  const { page, pageSize } = paging;
  const list = useNotifications(page, pageSize);
  const unread = useUnreadCount().data?.unread ?? 0;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  return (
    <Stack gap="md">
      <ListToolbar
        title={t('NOTIFY.Title')}
        paging={paging}
        actions={
          <Button
            variant="light"
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('NOTIFY.MarkAllRead')}
          </Button>
        }
      />
      <Card withBorder padding={0} data-testid="notifications-page">
        <NotificationList
          items={list.data?.data}
          loading={list.isLoading}
          error={list.error}
          onRead={(id) => markRead.mutate(id)}
        />
      </Card>
      <ListPager paging={paging} total={list.data?.count} />
    </Stack>
  );
}
