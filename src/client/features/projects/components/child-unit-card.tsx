import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconNote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectUnit } from '../../../../shared/schemas/projects';
import { useStateLabel } from '../../../components/state-badge';
import { Tooltip } from '../../../components/tooltip';
import { useFormatters } from '../../../lib/format';
import { metaOf, stateColor } from './unit-type-meta';

/** A child unit as a card that links to its details: type and number, title, planned delivery and state. */
export function ChildUnitCard({ unit }: { unit: ProjectUnit }) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const fmt = useFormatters();
  const meta = metaOf(unit.projectUnitType);
  return (
    <Card
      component={Link}
      to={`/home/app/project/details/${unit.rootProjectUnitID}/${unit.projectUnitID}`}
      withBorder
      radius="md"
      padding="md"
      style={{ borderTop: `4px solid var(--mantine-color-${meta.color}-6)` }}
      data-testid="child-unit-card"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t(`UNIT.Type.${unit.projectUnitType}`)} {unit.projectUnitNo}
          </Text>
          {unit.notes && (
            <Tooltip label={unit.notes} multiline maw={280}>
              <IconNote size={16} aria-label={t('PROJECT.Units.HasNotes')} color="var(--mantine-color-gray-6)" />
            </Tooltip>
          )}
        </Group>
        <Text fw={600} lineClamp={2}>
          {unit.title}
        </Text>
        <Group gap={4} c="dimmed">
          <IconCalendar size={14} aria-hidden />
          <Text size="sm">
            {t('PROJECT.Units.PlannedDelivery')}: {fmt.date(unit.deliveryDate)}
          </Text>
        </Group>
        <Badge variant="light" color={stateColor(unit.stateKey)} c="dark.7" style={{ alignSelf: 'flex-start' }}>
          {stateLabel(unit.stateKey)}
        </Badge>
      </Stack>
    </Card>
  );
}
