import { ActionIcon, Group, SegmentedControl, Select, Slider, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CompareMode } from './compare-steps';

type Props = {
  against: number;
  /** Earlier versions to compare with, newest first. */
  earlier: number[];
  onAgainstChange: (version: number) => void;
  mode: CompareMode;
  onModeChange: (mode: CompareMode) => void;
  opacity: number;
  onOpacityChange: (opacity: number) => void;
  scale: number;
  onZoom: (factor: number) => void;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
};

/** The comparison's toolbar: the version compared with, overlay or side by side, opacity, zoom and page. */
export function CompareToolbar(props: Props) {
  const { t } = useTranslation();
  const { mode, page, pageCount } = props;
  return (
    <Group gap="xs" p={6} wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" fw={500} component="span" aria-hidden>
        {t('VIEWER.Compare.With')}
      </Text>
      <Select
        size="xs"
        w={130}
        aria-label={t('VIEWER.Compare.With')}
        allowDeselect={false}
        value={String(props.against)}
        data={props.earlier.map((v) => ({ value: String(v), label: t('VIEWER.Version', { version: v }) }))}
        onChange={(v) => v && props.onAgainstChange(Number(v))}
      />
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(v) => props.onModeChange(v as CompareMode)}
        data={[
          { value: 'overlay', label: t('VIEWER.Compare.Overlay') },
          { value: 'side', label: t('VIEWER.Compare.SideBySide') },
        ]}
      />
      {mode === 'overlay' && (
        <Group gap={6} w={170} wrap="nowrap">
          <Text size="xs" id="compare-opacity">
            {t('VIEWER.Compare.Opacity')}
          </Text>
          <Slider
            size="sm"
            style={{ flex: 1 }}
            min={0}
            max={100}
            step={5}
            value={props.opacity}
            onChange={props.onOpacityChange}
            label={(v) => `${v} %`}
            thumbProps={{ 'aria-labelledby': 'compare-opacity' }}
          />
        </Group>
      )}
      <ActionIcon variant="default" aria-label={t('VIEWER.Pdf.ZoomOut')} onClick={() => props.onZoom(1 / 1.25)}>
        <IconZoomOut size={16} />
      </ActionIcon>
      <Text size="sm" w={48} ta="center">
        {Math.round(props.scale * 100)} %
      </Text>
      <ActionIcon variant="default" aria-label={t('VIEWER.Pdf.ZoomIn')} onClick={() => props.onZoom(1.25)}>
        <IconZoomIn size={16} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={t('VIEWER.Pdf.PreviousPage')}
        disabled={page <= 1}
        onClick={() => props.onPageChange(page - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Text size="sm" data-testid="compare-page">
        {t('VIEWER.Pdf.Page', { page, pages: pageCount || 1 })}
      </Text>
      <ActionIcon
        variant="default"
        aria-label={t('VIEWER.Pdf.NextPage')}
        disabled={page >= pageCount}
        onClick={() => props.onPageChange(page + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
