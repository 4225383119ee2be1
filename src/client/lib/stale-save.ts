import { confirmAction } from '../components/confirm';
import { i18next as i18n } from './i18n';
import { ApiError } from './api-client';

/** A save refused because someone else saved the record in between (409 with the stored record). */
export function isStaleSave(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 409 && err.body.messages[0]?.message === 'ERRORMESSAGES.StaleSave';
}

/**
 * Offers to reload a record someone else saved meanwhile (like the order table reloads a row):
 * true when the user chose to reload; false keeps the dialog with the user's entries.
 */
export function offerReload(): Promise<boolean> {
  return confirmAction({
    title: i18n.t('ERRORMESSAGES.StaleSaveTitle'),
    message: i18n.t('ERRORMESSAGES.StaleSave'),
    confirmLabel: i18n.t('COMMON.Reload'),
  });
}
