import { Anchor, Center, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '../../../components/language-menu';

/** The frame of the pages reached without a session (like the sign-in page). */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={460} maw="100%">
        <Stack>
          <Group justify="space-between" align="center">
            <Title order={1} size="h2">
              {title}
            </Title>
            <LanguageMenu />
          </Group>
          {children}
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('PASSWORD.Request.BackToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
