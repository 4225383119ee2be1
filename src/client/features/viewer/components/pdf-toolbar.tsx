import { ActionIcon, Group, SegmentedControl, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/tooltip';
import type { PdfTool } from './pdf-page';
import { TOOLS } from './pdf-tools';

type Props = {
  page: number;
  pages: number;
  scale: number;
  onGoTo: (page: number) => void;
  onZoom: (factor: number) => void;
  onFitWidth: () => void;
  onActualSize: () => void;
  /** The drawing tools, when drawing is allowed. */
  tools: { tool: PdfTool; onChange: (tool: PdfTool) => void } | null;
};

/** The sheet's toolbar: page navigation, zoom, fit width / 100 % and the drawing tools. */
export function PdfToolbar({ page, pages, scale, onGoTo, onZoom, onFitWidth, onActualSize, tools }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" p={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Tooltip label={t('VIEWER.Pdf.PreviousPage')}>
        <ActionIcon
          variant="default"
          aria-label={t('VIEWER.Pdf.PreviousPage')}
          disabled={page <= 1}
          onClick={() => onGoTo(page - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
      </Tooltip>
      <Text size="sm" data-testid="pdf-page">
        {t('VIEWER.Pdf.Page', { page, pages })}
      </Text>
      <Tooltip label={t('VIEWER.Pdf.NextPage')}>
        <ActionIcon
          variant="default"
          aria-label={t('VIEWER.Pdf.NextPage')}
          disabled={page >= pages}
          onClick={() => onGoTo(page + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Tooltip>
      <ActionIcon variant="default" aria-label={t('VIEWER.Pdf.ZoomOut')} onClick={() => onZoom(1 / 1.25)}>
        <IconZoomOut size={16} />
      </ActionIcon>
      <Text size="sm" w={48} ta="center" data-testid="pdf-zoom">
        {Math.round(scale * 100)} %
      </Text>
      <ActionIcon variant="default" aria-label={t('VIEWER.Pdf.ZoomIn')} onClick={() => onZoom(1.25)}>
        <IconZoomIn size={16} />
      </ActionIcon>
      <SegmentedControl
        size="xs"
        value="none"
        onChange={(v) => (v === 'fit' ? onFitWidth() : onActualSize())}
        data={[
          { value: 'fit', label: t('VIEWER.Pdf.FitWidth') },
          { value: 'actual', label: t('VIEWER.Pdf.ActualSize') },
        ]}
      />
      {tools && (
        <SegmentedControl
          size="xs"
          ml="auto"
          value={tools.tool}
          onChange={(v) => tools.onChange(v as PdfTool)}
          data={TOOLS.map(({ tool: value, key, label, Icon }) => ({
            value,
            label: (
              <Icon size={16} aria-label={`${t(label)} (${key.toUpperCase()})`} aria-keyshortcuts={key.toUpperCase()} />
            ),
          }))}
          data-testid="pdf-tools"
        />
      )}
    </Group>
  );
}
