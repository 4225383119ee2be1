import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePlantCapacityEdits } from '../hooks/use-plant-capacity-edits';

/** Admins enter each plant's weekly capacity here; it shows as the line in the plant's chart. */
export function CapacityCard() {
  const { t } = useTranslation();
  const { plants, valueOf, setValue, isSaving, saveCapacity } = usePlantCapacityEdits();
  if (!plants) return null;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('OUTLOOK.CapacityAdmin')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('OUTLOOK.CapacityHint')}
        </Text>
        {plants.map((p) => (
          <Group key={p.plantId} align="end">
            <NumberInput
              label={`${p.name} (m³)`}
              value={valueOf(p.plantId)}
              min={0}
              max={1_000_000}
              decimalScale={3}
              onChange={(v) => setValue(p.plantId, v)}
              w={220}
            />
            <Button variant="light" loading={isSaving(p.plantId)} onClick={() => saveCapacity(p.plantId)}>
              {t('OUTLOOK.Save')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
