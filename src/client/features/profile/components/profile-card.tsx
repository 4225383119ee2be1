import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  testId: string;
  onEdit?: () => void;
  editDisabled?: boolean;
  editHint?: string;
  children: ReactNode;
};

/** A profile card: heading, optional Edit button, content. */
export function ProfileCard({ title, testId, onEdit, editDisabled, editHint, children }: Props) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {onEdit && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
            disabled={editDisabled}
            title={editDisabled ? editHint : undefined}
          >
            {t('COMMON.Edit')}
          </Button>
        )}
      </Group>
      {children}
      {editDisabled && editHint && (
        <Text size="sm" c="dimmed" mt="xs">
          {editHint}
        </Text>
      )}
    </Card>
  );
}

/** Label-value pairs in two columns. */
export function Fields({ items }: { items: [string, string | null][] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
      {items.map(([label, value]) => (
        <Stack gap={0} key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm">{value || '–'}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
