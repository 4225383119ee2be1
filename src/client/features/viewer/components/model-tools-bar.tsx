import { ActionIcon, Group, Paper, SegmentedControl, Slider, Text } from '@mantine/core';
import { IconArrowsVertical, IconRuler, IconSlice, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/tooltip';
import { MEASURE_COLOUR, NEW_SECTION, type Axis, type Section } from './model-measure';

/** Axis, place and side of a section plane. */
function SectionControls({ section, onChange }: { section: Section; onChange: (s: Section) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} mt={4} wrap="nowrap">
      <SegmentedControl
        size="xs"
        aria-label={t('VIEWER.Model3d.SectionAxis')}
        value={section.axis}
        onChange={(axis) => onChange({ ...section, axis: axis as Axis })}
        data={['x', 'y', 'z'].map((a) => ({ value: a, label: a.toUpperCase() }))}
      />
      <Slider
        w={140}
        size="sm"
        min={0}
        max={1}
        step={0.01}
        label={null}
        value={section.at}
        onChange={(at) => onChange({ ...section, at })}
        thumbLabel={t('VIEWER.Model3d.SectionPosition')}
        data-testid="model-section-slider"
      />
      <Tooltip label={t('VIEWER.Model3d.SectionFlip')}>
        <ActionIcon
          variant="default"
          size="sm"
          aria-label={t('VIEWER.Model3d.SectionFlip')}
          aria-pressed={section.flipped}
          onClick={() => onChange({ ...section, flipped: !section.flipped })}
        >
          <IconArrowsVertical size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * The tools over the model: measuring on or off, the measurements cleared, the last distance (or how
 * to measure); a section plane on or off, and its controls while on.
 */
export function ModelToolsBar({
  measuring,
  onToggleMeasuring,
  lastDistance,
  onClear,
  section,
  onSectionChange,
}: {
  measuring: boolean;
  onToggleMeasuring: () => void;
  /** The newest line's length for people; null while nothing is measured. */
  lastDistance: string | null;
  onClear: () => void;
  section: Section | null;
  onSectionChange: (section: Section | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p={4}
      pos="absolute"
      top={8}
      left={8}
      maw="calc(100% - 16px)"
      style={{ zIndex: 1 }}
      data-testid="model-tools"
    >
      <Group gap={6} wrap="wrap">
        <Tooltip label={t('VIEWER.Model3d.Measure')}>
          <ActionIcon
            variant={measuring ? 'filled' : 'default'}
            aria-label={t('VIEWER.Model3d.Measure')}
            aria-pressed={measuring}
            onClick={onToggleMeasuring}
          >
            <IconRuler size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('VIEWER.Model3d.Section')}>
          <ActionIcon
            variant={section ? 'filled' : 'default'}
            aria-label={t('VIEWER.Model3d.Section')}
            aria-pressed={section !== null}
            onClick={() => onSectionChange(section ? null : NEW_SECTION)}
          >
            <IconSlice size={16} />
          </ActionIcon>
        </Tooltip>
        {lastDistance !== null && (
          <Tooltip label={t('VIEWER.Model3d.ClearMeasure')}>
            <ActionIcon variant="default" aria-label={t('VIEWER.Model3d.ClearMeasure')} onClick={onClear}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {measuring && lastDistance === null && (
          <Text size="xs" c="dimmed">
            {t('VIEWER.Model3d.MeasureHint')}
          </Text>
        )}
        {lastDistance !== null && (
          <Text size="sm" fw={600} c={MEASURE_COLOUR} data-testid="model-measure-result">
            {t('VIEWER.Model3d.Distance', { length: lastDistance })}
          </Text>
        )}
      </Group>
      {section && <SectionControls section={section} onChange={onSectionChange} />}
    </Paper>
  );
}
