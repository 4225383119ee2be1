import { TextInput, type TextInputProps } from '@mantine/core';

/** A secret to copy: read only, monospaced, selected whole on focus. */
export function SecretField(props: Omit<TextInputProps, 'readOnly' | 'ff' | 'onFocus'> & { 'data-testid'?: string }) {
  return <TextInput {...props} readOnly ff="monospace" onFocus={(e) => e.currentTarget.select()} />;
}
