import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What a user sees for an address that names no page or a malformed id, in their language. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih={320}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        <IconMapQuestion size={48} stroke={1.5} aria-hidden />
        <Title order={1} size="h2">
          {t('NOTFOUND.Title')}
        </Title>
        <Text c="dimmed">{t('NOTFOUND.Text')}</Text>
        <Button component={Link} to="/home/app/dash">
          {t('NOTFOUND.ToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
