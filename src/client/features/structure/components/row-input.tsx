import { ComboboxChevron, Input } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type ChangeEventHandler, type CSSProperties, type ReactNode } from 'react';
import { CalendarButton, useDateText } from './row-date-text';

/*
 * The fields of the structure editor's rows. A large structure shows hundreds of them, so they are
 * Mantine's bare Input (its look, without TextInput's wrapper): the wrapper generates its id after
 * mounting and so renders every field twice. The error text sits below the field like TextInput's,
 * its id built from the row's.
 */

type RowInputProps = {
  /** The id of the error text below the field, unique on the page (built from the row's id). */
  errorId: string;
  'aria-label': string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  readOnly?: boolean;
  /** true marks the field; a text is shown below it too. */
  error?: ReactNode;
  onBlur?: () => void;
  autoComplete?: string;
  /** Shown at the field's right end (the calendar button of a date). */
  rightSection?: ReactNode;
  min?: string;
  placeholder?: string;
  /** The width of the field (with its error text), or the style of its box. */
  w?: number;
  style?: CSSProperties;
  fw?: number;
};

export function RowInput({ errorId, error, w, style, fw, rightSection, ...input }: RowInputProps) {
  const message = typeof error === 'string' || typeof error === 'number' ? error : null;
  return (
    <div style={{ width: w, ...style }}>
      <Input
        {...input}
        rightSection={rightSection}
        rightSectionPointerEvents={rightSection ? 'all' : undefined}
        withAria={false}
        error={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        styles={fw ? { input: { fontWeight: fw } } : undefined}
      />
      {message && (
        <Input.Error id={errorId} mt={5}>
          {message}
        </Input.Error>
      )}
    </div>
  );
}

type RowDateInputProps = Omit<RowInputProps, 'value' | 'onChange' | 'onBlur' | 'placeholder' | 'rightSection'> & {
  /** The ISO date, or empty. */
  value: string;
  /** The ISO date typed or picked, '' when emptied, the typed text while it is no date. */
  onChange: (value: string) => void;
};

/** A row's date in the UI language's format, with the calendar button (see DateInput). */
export function RowDateInput({ value, onChange, min, readOnly, ...row }: RowDateInputProps) {
  const state = useDateText(value, onChange);
  return (
    <RowInput
      {...row}
      value={state.text}
      placeholder={state.placeholder}
      autoComplete="off"
      readOnly={readOnly}
      onChange={(e) => state.onTextChange(e.currentTarget.value)}
      onBlur={state.normalize}
      rightSection={readOnly ? undefined : <CalendarButton state={state} min={min} />}
    />
  );
}

type RowSelectProps = {
  'aria-label': string;
  value: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
  w: number;
  onChange: ChangeEventHandler<HTMLSelectElement>;
};

/** A native select with the look of Mantine's NativeSelect. */
export function RowSelect({ options, w, ...select }: RowSelectProps) {
  return (
    <Input
      component="select"
      {...select}
      w={w}
      pointer
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Input>
  );
}

/**
 * An info icon with a tooltip that is built the first time the pointer comes over it (one per
 * subproject: thirty tooltips built at once slow down "expand all"). The label is the icon's name too.
 */
export function InfoHint({ label }: { label: string }) {
  const [opened, setOpened] = useState<boolean | null>(null);
  const icon = (
    <IconInfoCircle
      size={14}
      aria-label={label}
      onMouseEnter={() => setOpened(true)}
      onMouseLeave={() => setOpened(false)}
    />
  );
  if (opened === null) return icon;
  return (
    <Tooltip label={label} opened={opened} multiline w={220}>
      {icon}
    </Tooltip>
  );
}
