import { notifications } from '@mantine/notifications';
import { i18next } from './i18n';
import { ApiError } from './api-client';

/** The message of an API error for the user: a translation key is translated, other text shown as is. */
export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return i18next.t('ERRORMESSAGES.NotAllowed');
    const messages = error.body.messages.map((m) => (i18next.exists(m.message) ? i18next.t(m.message) : m.message));
    return messages.join('\n') || i18next.t('ERRORMESSAGES.Unexpected');
  }
  return i18next.t('ERRORMESSAGES.Unexpected');
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
