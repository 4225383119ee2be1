import { Input } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useState } from 'react';

/**
 * The empty input row at the end of a list: type a name and press Enter (or leave the field) to add it.
 * Mantine's bare Input: TextInput's wrapper renders twice on mounting (one add row per expanded subproject).
 */
export const AddRow = memo(function AddRow({
  label,
  placeholder,
  onAdd,
  disabled,
  testId,
}: {
  label: string;
  placeholder: string;
  onAdd: (name: string) => void;
  disabled?: boolean;
  testId: string;
}) {
  const [value, setValue] = useState('');
  const commit = () => {
    const name = value.trim();
    if (!name) return;
    onAdd(name);
    setValue('');
  };
  return (
    <Input
      aria-label={label}
      placeholder={placeholder}
      value={value}
      disabled={disabled}
      data-testid={testId}
      leftSection={<IconPlus size={14} aria-hidden />}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
});
