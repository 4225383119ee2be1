import { notifications } from '@mantine/notifications';
import { i18next } from './i18n';
import { ApiError } from './api-client';

/**
 * The messages of an API error for the user: a translation key is translated, other text shown as is.
 * A refusal (403) keeps its specific key ("only the task holder …"); only a refusal without one
 * becomes the general "no permission" text.
 */
export function apiErrorMessages(
  error: ApiError,
): { messageType: string; message: string; reference?: string | null }[] {
  if (error.status === 403) {
    const known = error.body.messages.filter((m) => i18next.exists(m.message));
    return known.length
      ? known.map((m) => ({ ...m, message: i18next.t(m.message) }))
      : [{ messageType: 'Error', message: i18next.t('ERRORMESSAGES.NotAllowed'), reference: null }];
  }
  return error.body.messages.map((m) => ({
    ...m,
    message: i18next.exists(m.message) ? i18next.t(m.message) : m.message,
  }));
}

export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    return (
      apiErrorMessages(error)
        .map((m) => m.message)
        .join('\n') || i18next.t('ERRORMESSAGES.Unexpected')
    );
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
