import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { IconPointFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/tooltip';
import type { LotModelChanges } from './use-lot-model-changes';

/**
 * The mark of an approval lot whose storey has walls added or changed since the model's previous
 * version: a dot and the count in words (not colour only); the walls' names on hover and for
 * screen readers.
 */
export function LotChangesBadge({ changes }: { changes: LotModelChanges }) {
  const { t } = useTranslation();
  const names = t('STRUCTURE.ModelChanges.Walls', {
    names: changes.walls.map((w) => w.name || w.globalId).join(', '),
  });
  return (
    <Tooltip label={names} multiline maw={320}>
      <Badge
        variant="outline"
        color="cyan.9"
        tt="none"
        size="sm"
        h="auto"
        py={2}
        leftSection={<IconPointFilled size={10} aria-hidden />}
        data-testid="lot-model-changes"
        style={{ alignSelf: 'flex-start' }}
        styles={{ label: { whiteSpace: 'normal' } }}
      >
        {t('STRUCTURE.ModelChanges.Lot', { count: changes.walls.length, version: changes.since })}
        <VisuallyHidden>. {names}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

type SummaryProps = { changes: { model: string; since: number; count: number } };

/** What changed in the model since its previous version, above the structure. */
export function ModelChangesSummary({ changes }: SummaryProps) {
  const { t } = useTranslation();
  const values = { model: changes.model, count: changes.count, version: changes.since };
  return (
    <Text size="sm" c={changes.count > 0 ? 'cyan.9' : 'dimmed'} data-testid="model-changes-summary">
      {changes.count > 0 && <IconPointFilled size={10} aria-hidden style={{ marginRight: 6 }} />}
      {changes.count > 0 ? t('STRUCTURE.ModelChanges.Summary', values) : t('STRUCTURE.ModelChanges.None', values)}
    </Text>
  );
}
