import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18next } from '../lib/i18n';
import { overlaysReady } from '../lib/overlays-ready';

type ConfirmOptions = {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive or warning actions get a red confirm button. */
  danger?: boolean;
  /** A confirm that has consequences outside the app (e.g. sends an e-mail): orange. */
  warning?: boolean;
};

/** The one confirm dialog of the app (350 px wide); resolves true on confirm. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return overlaysReady.then(
    () =>
      new Promise((resolve) => {
        modals.openConfirmModal({
          title: options.title,
          size: 350,
          centered: true,
          closeButtonProps: { 'aria-label': i18next.t('COMMON.Close') },
          children: typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message,
          labels: {
            confirm: options.confirmLabel ?? i18next.t('COMMON.Ok'),
            cancel: options.cancelLabel ?? i18next.t('COMMON.Cancel'),
          },
          confirmProps: { color: options.danger ? 'red' : options.warning ? 'orange' : undefined },
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
          onClose: () => resolve(false),
        });
      }),
  );
}

/** An info dialog with one button (e.g. "not allowed", "duplicate element"). */
export function informUser(title: ReactNode, message: ReactNode): Promise<void> {
  return overlaysReady.then(
    () =>
      new Promise((resolve) => {
        modals.openConfirmModal({
          title,
          size: 350,
          centered: true,
          closeButtonProps: { 'aria-label': i18next.t('COMMON.Close') },
          children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
          labels: { confirm: i18next.t('COMMON.Ok'), cancel: '' },
          cancelProps: { display: 'none' },
          onConfirm: () => resolve(),
          onClose: () => resolve(),
        });
      }),
  );
}
