import { notifications } from '@mantine/notifications';
import { i18next } from './i18n';
import { serverMessages } from './server-message';

/** The message of a failed call for the user, in their language. */
export function apiErrorText(error: unknown): string {
  return serverMessages(error)
    .map((m) => m.message)
    .join('\n');
}

/** The close button of a toast needs a name for screen readers (WCAG 4.1.2). */
export const closeLabel = () => ({ 'aria-label': i18next.t('COMMON.Close') });

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, closeButtonProps: closeLabel() });
}

export function notifyError(error: unknown, title?: string): void {
  notifications.show({
    color: 'red',
    title: title ?? i18next.t('ERRORMESSAGES.Title'),
    message: apiErrorText(error),
    closeButtonProps: closeLabel(),
  });
}
