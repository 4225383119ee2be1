import { ActionIcon, Alert, Skeleton, Table, Text } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconAlertTriangle, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while the items load. */
export function SkeletonRows({ columns, rows = 4 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <Table.Tr key={`skeleton-${i}`} data-testid="order-skeleton">
      {Array.from({ length: columns }, (_c, j) => (
        <Table.Td key={j}>
          <Skeleton h={18} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

type ActionsProps = {
  index: number;
  isDirty: boolean;
  isNew: boolean;
  valid: boolean;
  problems: string[];
  saving: boolean;
  onSave: () => void;
  onDelete: () => void;
};

/** §4: dirty and valid → save; clean and not new → delete; dirty and invalid → the reasons. */
export function RowActions({ index, isDirty, isNew, valid, problems, saving, onSave, onDelete }: ActionsProps) {
  const { t } = useTranslation();
  if (isDirty && valid) {
    return (
      <ActionIcon
        variant="filled"
        color="teal"
        size="sm"
        onClick={onSave}
        loading={saving}
        aria-label={`${t('ORDER.Save')} ${index}`}
      >
        <IconDeviceFloppy size={16} />
      </ActionIcon>
    );
  }
  if (isDirty && !valid) {
    const text = problems.map((p) => t(`ORDER.Problems.${p}`)).join(' ');
    return (
      <Tooltip label={text} multiline w={260} withArrow>
        <ActionIcon variant="subtle" color="red" size="sm" aria-label={text} data-testid="row-problems">
          <IconAlertTriangle size={16} />
        </ActionIcon>
      </Tooltip>
    );
  }
  if (!isNew) {
    return (
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        onClick={onDelete}
        aria-label={`${t('ORDER.Delete')} ${index}`}
      >
        <IconTrash size={16} />
      </ActionIcon>
    );
  }
  return null;
}

export function SmallVolumeAlert() {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      // A dark title keeps 4.5:1 contrast on the light orange background.
      title={
        <Text span inherit c="dark.7">
          {t('ORDER.SmallVolumeTitle')}
        </Text>
      }
      data-testid="small-volume"
      mt="sm"
    >
      {t('ORDER.SmallVolume')}
    </Alert>
  );
}

/** Light row backgrounds by product colour index (AAC rows). */
const rowPalette = ['blue', 'teal', 'grape', 'orange', 'lime', 'cyan', 'pink', 'yellow'];
export const rowColor = (colorIndex: number | null | undefined): string | undefined =>
  colorIndex === null || colorIndex === undefined
    ? undefined
    : `var(--mantine-color-${rowPalette[Math.abs(colorIndex) % rowPalette.length]}-0)`;

export const invalidRowStyle = {
  backgroundColor: 'var(--mantine-color-red-1)',
  boxShadow: 'inset 3px 0 0 var(--mantine-color-red-6)',
};

/** Parses a whole-number input; empty → null, garbage → NaN (invalid). */
export function parseWhole(text: string): number | null {
  const v = text.trim();
  if (v === '') return null;
  return /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
}
