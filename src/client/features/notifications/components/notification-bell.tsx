import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { forwardRef, lazy, Suspense, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/notifications';

// The panel (a popover with its positioning library) loads on first use: the first screens stay small.
const NotificationPanel = lazy(async () => ({
  default: (await import('./notification-panel')).NotificationPanel,
}));

type BellProps = ComponentPropsWithoutRef<'button'> & { unread: number };

const BellButton = forwardRef<HTMLButtonElement, BellProps>(function BellButton({ unread, ...rest }, ref) {
  const { t } = useTranslation();
  const label = unread > 0 ? t('NOTIFY.BellUnread', { count: unread }) : t('NOTIFY.Title');
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      {...rest}
    >
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={16}
        color="red.8"
        disabled={unread === 0}
        offset={2}
        data-testid="notification-count"
        aria-hidden
      >
        <IconBell size={20} aria-hidden />
      </Indicator>
    </ActionIcon>
  );
});

/** The bell of the top bar: the count of unread notifications; opens the panel. */
export function NotificationBell() {
  const unread = useUnreadCount().data?.unread ?? 0;
  const [loaded, setLoaded] = useState(false);
  const [opened, setOpened] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const open = () => {
    setLoaded(true);
    setOpened((o) => !o);
  };
  // Focus goes back to the bell when the panel closes (the bell first shown is replaced once the panel has loaded).
  const change = (next: boolean) => {
    setOpened(next);
    if (!next) requestAnimationFrame(() => bellRef.current?.focus());
  };
  const bell = (
    <BellButton ref={bellRef} unread={unread} onClick={open} aria-haspopup="dialog" aria-expanded={opened} />
  );
  if (!loaded) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationPanel
        opened={opened}
        onChange={change}
        onNavigate={() => setOpened(false)}
        unread={unread}
        target={bell}
      />
    </Suspense>
  );
}
