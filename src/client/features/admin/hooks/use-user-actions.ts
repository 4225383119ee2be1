import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../shared/schemas/users';
import { confirmAction } from '../../../components/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeUserState, type UserStateAction } from '../api/change-user-state';
import { useEndUserSessions } from '../api/end-user-sessions';

/** A user's name for texts: first and last name, else the login. */
export const userName = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.login;

/**
 * The state changes of the users list: deactivate (after a confirm), reactivate, send the
 * invitation again, end all sessions (after a confirm); each reports success or failure.
 */
export function useUserActions() {
  const { t } = useTranslation();
  const { mutate: change } = useChangeUserState();
  const { mutate: endSessions } = useEndUserSessions();

  const changeState = useCallback(
    async (u: AdminUser, action: UserStateAction) => {
      if (action === 'deactivate') {
        const ok = await confirmAction({
          title: t('ADMIN.Users.DeactivateTitle'),
          message: t('ADMIN.Users.DeactivateMessage', { name: userName(u) }),
          confirmLabel: t('ADMIN.Users.Deactivate'),
          danger: true,
        });
        if (!ok) return;
      }
      const done = {
        deactivate: t('ADMIN.Users.Deactivated', { name: userName(u) }),
        reactivate: t('ADMIN.Users.Reactivated', { name: userName(u) }),
        invitation: t('ADMIN.Users.Resent'),
      }[action];
      change({ id: u.userID, action }, { onSuccess: () => notifySuccess(done), onError: (e) => notifyError(e) });
    },
    [t, change],
  );

  const endAllSessions = useCallback(
    async (u: AdminUser) => {
      const ok = await confirmAction({
        title: t('ADMIN.Users.EndSessionsTitle'),
        message: t('ADMIN.Users.EndSessionsMessage', { name: userName(u) }),
        confirmLabel: t('ADMIN.Users.EndSessions'),
        danger: true,
      });
      if (!ok) return;
      endSessions(u.userID, {
        onSuccess: (r) => notifySuccess(t('ADMIN.Users.SessionsEnded', { name: userName(u), count: r.ended })),
        onError: (e) => notifyError(e),
      });
    },
    [t, endSessions],
  );

  return { changeState, endAllSessions };
}
