import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** What resetting brings back, e.g. "Use the default colour". */
  resetLabel: string;
  onReset: () => void;
  /** Nothing to reset: the tenant uses the defaults already. */
  resetDisabled: boolean;
  /** A save or reset is under way: both wait for it. */
  saving: boolean;
  /** Nothing changed, or a field is not valid. */
  saveDisabled: boolean;
};

/** The last row of an admin settings form: back to the product's defaults, and save (the form's submit). */
export function FormActions({ resetLabel, onReset, resetDisabled, saving, saveDisabled }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        leftSection={<IconRestore size={16} aria-hidden />}
        onClick={onReset}
        disabled={resetDisabled || saving}
      >
        {resetLabel}
      </Button>
      <Button
        type="submit"
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        loading={saving}
        disabled={saveDisabled}
      >
        {t('COMMON.Save')}
      </Button>
    </Group>
  );
}
