import { Alert, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconMessagePlus, IconRuler } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SheetCalibration } from '../../../../shared/schemas/calibration';
import { formatLength, measuredMillimetres } from './markup-geometry';
import type { Segment } from './pdf-page';

type Props = {
  measure: Segment & { page: number };
  /** The measured page's calibration; without one the length is unknown. */
  calibration: SheetCalibration | null;
  locale: string;
  onTopic: () => void;
  onClose: () => void;
};

/** The last measurement's length, with "topic from this measurement" and close. */
export function PdfMeasureBar({ measure, calibration, locale, onTopic, onClose }: Props) {
  const { t } = useTranslation();
  const length = calibration
    ? formatLength(
        measuredMillimetres({ x: measure.x1, y: measure.y1 }, { x: measure.x2, y: measure.y2 }, calibration),
        locale,
      )
    : '–';
  return (
    <Group gap="xs" px={6} py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <IconRuler size={16} aria-hidden />
      <Text size="sm" data-testid="pdf-measure-result">
        {t('VIEWER.Markup.Measured', { length, page: measure.page })}
      </Text>
      <Button size="compact-xs" variant="light" leftSection={<IconMessagePlus size={14} />} onClick={onTopic}>
        {t('VIEWER.Markup.TopicFromMeasure')}
      </Button>
      <CloseButton size="sm" aria-label={t('VIEWER.Markup.Close')} onClick={onClose} />
    </Group>
  );
}

/** Measuring on a page that has no scale yet: calibrate it first. */
export function CalibrationFirst({ page, onClose }: { page: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      py={6}
      data-testid="pdf-needs-calibration"
      withCloseButton
      closeButtonLabel={t('VIEWER.Markup.Close')}
      onClose={onClose}
    >
      {t('VIEWER.Calibration.First', { page })}
    </Alert>
  );
}
