import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserSession } from '../../../../shared/schemas/sessions';
import { describeUserAgent } from '../../../../shared/user-agent';
import { confirmAction } from '../../../components/confirm';
import { useFormatters } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { ProfileCard } from './profile-card';

/** The user's signed-in browsers: which, where from, since when; end one or all others. */
export function SessionsCard() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();

  const device = (s: UserSession) => {
    const { browser, system } = describeUserAgent(s.userAgent);
    if (browser && system) return t('PROFILE.Sessions.BrowserOn', { browser, system });
    return browser ?? system ?? t('PROFILE.Sessions.UnknownDevice');
  };

  const end = async (s: UserSession) => {
    const ok = await confirmAction({
      title: t('PROFILE.Sessions.EndTitle'),
      message: t('PROFILE.Sessions.EndMessage', { device: device(s) }),
      confirmLabel: t('PROFILE.Sessions.End'),
      danger: true,
    });
    if (!ok) return;
    endOne.mutate(s.sessionID, {
      onSuccess: () => notifySuccess(t('PROFILE.Sessions.Ended')),
      onError: (e) => notifyError(e),
    });
  };

  const endAllOthers = async () => {
    const ok = await confirmAction({
      title: t('PROFILE.Sessions.EndOthersTitle'),
      message: t('PROFILE.Sessions.EndOthersMessage'),
      confirmLabel: t('PROFILE.Sessions.EndOthers'),
      danger: true,
    });
    if (!ok) return;
    endOthers.mutate(undefined, {
      onSuccess: (r) => notifySuccess(t('PROFILE.Sessions.OthersEnded', { count: r.ended })),
      onError: (e) => notifyError(e),
    });
  };

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <ProfileCard title={t('PROFILE.Sessions.Title')} testId="sessions-card">
      {sessions.isPending && <Loader size="sm" aria-label={t('COMMON.Loading')} />}
      {sessions.isError && (
        <Alert color="red" role="alert">
          {t('PROFILE.Sessions.LoadError')}
        </Alert>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((s) => (
          <Group key={s.sessionID} component="li" justify="space-between" wrap="nowrap" data-testid="session-row">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconDeviceDesktop size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Stack gap={0}>
                <Group gap="xs">
                  <Text fw={500} size="sm">
                    {device(s)}
                  </Text>
                  {s.current && (
                    <Badge size="sm" variant="outline" color="teal.9">
                      {t('PROFILE.Sessions.ThisSession')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('PROFILE.Sessions.Details', {
                    address: s.clientAddress ?? '–',
                    signedIn: fmt.dateTime(s.signedInAt),
                    lastSeen: fmt.dateTime(s.lastSeenAt),
                  })}
                </Text>
              </Stack>
            </Group>
            {!s.current && (
              <Button
                variant="default"
                size="xs"
                onClick={() => void end(s)}
                aria-label={`${t('PROFILE.Sessions.End')}: ${device(s)}`}
              >
                {t('PROFILE.Sessions.End')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {others > 0 && (
        <Group justify="flex-end" mt="md">
          <Button
            variant="outline"
            color="red.8"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void endAllOthers()}
            loading={endOthers.isPending}
          >
            {t('PROFILE.Sessions.EndOthers')}
          </Button>
        </Group>
      )}
    </ProfileCard>
  );
}
