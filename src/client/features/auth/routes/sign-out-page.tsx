import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSignOut } from '../api/sign-out';

/**
 * The spec's logout address opened in the browser. Opened from this site or typed in, it signs
 * out at once (a POST with the CSRF header, decision 003); reached from another site, it asks
 * first, so a foreign page cannot end the session by linking here.
 */
function cameFromElsewhere(): boolean {
  if (!document.referrer) return false;
  try {
    return new URL(document.referrer).origin !== window.location.origin;
  } catch {
    return true;
  }
}

export function SignOutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [confirmed, setConfirmed] = useState(() => !cameFromElsewhere());
  const started = useRef(false);

  useEffect(() => {
    if (!confirmed || started.current) return;
    started.current = true;
    signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  }, [confirmed, navigate, signOut]);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" radius="md" maw={420} w="100%">
        {confirmed ? (
          <Stack align="center" gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('LOGOUT.InProgress')}</Text>
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} size="h3">
              {t('LOGOUT.ConfirmTitle')}
            </Title>
            <Text>{t('LOGOUT.ConfirmText')}</Text>
            <Button onClick={() => setConfirmed(true)}>{t('SHELL.Logout')}</Button>
            <Button variant="subtle" component={Link} to="/home/app/dash">
              {t('LOGOUT.Stay')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
