import { ActionIcon, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconMessagePlus, IconPlayerTrackNext, IconPlayerTrackPrev } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { shiftMillimetres } from './compare-steps';

type Props = {
  /** The comparison is still being computed. */
  pending: boolean;
  /** Changes found (null while none is known). */
  count: number | null;
  step: number;
  onStep: (n: number) => void;
  /** "Topic from this change", when a topic may be raised on the current change. */
  onTopic: (() => void) | null;
  /** How far the newer sheet of this page was shifted to match. */
  offset: { dx: number; dy: number } | null;
};

/** The changes found: which one is shown, previous and next, a topic from it, and the page's shift. */
export function CompareChangesBar({ pending, count, step, onStep, onTopic, offset }: Props) {
  const { t } = useTranslation();
  const format = useFormatters();
  const shift = offset && (offset.dx !== 0 || offset.dy !== 0) ? shiftMillimetres(offset) : null;
  return (
    <Group gap="xs" px={6} py={4} wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      {pending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('VIEWER.Compare.Computing')}</Text>
        </Group>
      ) : count !== null ? (
        <>
          <Text size="sm" fw={600} data-testid="compare-summary" aria-live="polite">
            {count === 0 ? t('VIEWER.Compare.NoChanges') : t('VIEWER.Compare.ChangeOf', { n: step + 1, count })}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={t('VIEWER.Compare.PreviousChange')}
            aria-keyshortcuts="P"
            disabled={count === 0}
            onClick={() => onStep(step - 1)}
          >
            <IconPlayerTrackPrev size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('VIEWER.Compare.NextChange')}
            aria-keyshortcuts="N"
            disabled={count === 0}
            onClick={() => onStep(step + 1)}
          >
            <IconPlayerTrackNext size={16} />
          </ActionIcon>
          {onTopic && (
            <Button size="xs" variant="light" leftSection={<IconMessagePlus size={16} />} onClick={onTopic}>
              {t('VIEWER.Compare.TopicFromChange')}
            </Button>
          )}
          {shift && (
            <Badge variant="light" color="gray" data-testid="compare-offset">
              {t('VIEWER.Compare.Shifted', { dx: format.number(shift.dx), dy: format.number(shift.dy) })}
            </Badge>
          )}
          <Text size="xs" c="dimmed" ml="auto">
            {t('VIEWER.Compare.KeysHint')}
          </Text>
        </>
      ) : null}
    </Group>
  );
}
