import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** home/app/news: a title and the note that there is no news (spec §2 News). */
export function NewsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('NEWS.Title')}
      </Title>
      <Card withBorder radius="md" padding="xl">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" color="blue">
            <IconNews size={26} aria-hidden />
          </ThemeIcon>
          <Text c="dimmed" data-testid="news-empty">
            {t('NEWS.Empty')}
          </Text>
        </Group>
      </Card>
    </Stack>
  );
}
