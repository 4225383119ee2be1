import { Anchor, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '../../../../shared/schemas/notifications';
import { useFormatters } from '../../../lib/format';

/** What happened, as one line in the reader's language. */
export function useNotificationText() {
  const { t } = useTranslation();
  return (n: Notification): string => {
    const state = (key: string | undefined) => (key ? t(`STATES.${key}`, { defaultValue: key }) : '');
    switch (n.type) {
      case 'task.assigned':
        return t('NOTIFY.Kind.TaskAssigned', { state: state(n.details.taskKey) });
      case 'unit.state.changed':
        return t('NOTIFY.Kind.StateChanged', { state: state(n.details.newState) });
      case 'file.version.added':
        return t('NOTIFY.Kind.FileVersionAdded', { version: n.details.versionNo ?? 1 });
      case 'review.decided':
        return n.details.decision === 'approve' ? t('NOTIFY.Kind.ReviewApproved') : t('NOTIFY.Kind.RevisionRequested');
      case 'order.placed':
        return t('NOTIFY.Kind.OrderPlaced');
      case 'order.confirmed':
        return t('NOTIFY.Kind.OrderConfirmed');
      case 'delivery.lot.changed':
        return n.details.change === 'created'
          ? t('NOTIFY.Kind.LotCreated')
          : n.details.change === 'deleted'
            ? t('NOTIFY.Kind.LotDeleted')
            : t('NOTIFY.Kind.LotChanged');
      case 'delivery.confirmed':
        return t('NOTIFY.Kind.DeliveryConfirmed');
      case 'member.added':
        return t('NOTIFY.Kind.MemberAdded');
      case 'mention':
        return t('NOTIFY.Kind.Mentioned');
    }
  };
}

export function unitPath(unit: NonNullable<Notification['unit']>): string {
  return unit.projectUnitID === unit.rootProjectUnitID
    ? `/home/app/project/details/${unit.rootProjectUnitID}`
    : `/home/app/project/details/${unit.rootProjectUnitID}/${unit.projectUnitID}`;
}

type Props = {
  notification: Notification;
  /** Marks it read (when its unit link is followed or the button is pressed). */
  onRead: (id: number) => void;
  onNavigate?: () => void;
};

/** One notification: what happened, to which unit (linked), by whom, when; unread ones stand out. */
export function NotificationItem({ notification: n, onRead, onNavigate }: Props) {
  const { t } = useTranslation();
  const f = useFormatters();
  const text = useNotificationText()(n);
  return (
    <Box
      component="li"
      py="xs"
      px="sm"
      data-testid="notification-item"
      data-unread={n.read ? undefined : 'true'}
      style={{
        listStyle: 'none',
        borderInlineStart: `3px solid ${n.read ? 'transparent' : 'var(--mantine-color-teal-7)'}`,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={n.read ? 400 : 700}>
            {!n.read && <VisuallyHidden>{t('NOTIFY.Unread')}: </VisuallyHidden>}
            {text}
          </Text>
          {n.unit ? (
            <Anchor
              component={Link}
              to={unitPath(n.unit)}
              size="sm"
              display="inline-block"
              mih={24}
              lh="24px"
              onClick={() => {
                if (!n.read) onRead(n.notificationID);
                onNavigate?.();
              }}
            >
              {n.unit.projectUnitNo} {n.unit.title}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {t('NOTIFY.UnitUnavailable')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {n.actor ? t('NOTIFY.ByWhen', { name: n.actor.name, when: f.dateTime(n.date) }) : f.dateTime(n.date)}
          </Text>
        </Box>
        {!n.read && (
          <UnstyledButton
            onClick={() => onRead(n.notificationID)}
            aria-label={t('NOTIFY.MarkReadOf', { text })}
            mih={24}
            style={{
              fontSize: 'var(--mantine-font-size-xs)',
              color: 'var(--mantine-color-teal-9)',
              whiteSpace: 'nowrap',
            }}
          >
            {t('NOTIFY.MarkRead')}
          </UnstyledButton>
        )}
      </Group>
    </Box>
  );
}
