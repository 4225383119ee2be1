import { ActionIcon, Group, Input, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type CSSProperties, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { datePlaceholder, formatDateText, parseDateText, parseTimeText } from '../lib/date-text';

/** Out of sight but rendered: the browser opens its calendar (`showPicker`) next to it. */
const pickerStyle: CSSProperties = {
  position: 'absolute',
  right: 0,
  bottom: 0,
  width: 1,
  height: 1,
  opacity: 0,
  border: 0,
  padding: 0,
  pointerEvents: 'none',
};

export type DateTextState = {
  text: string;
  placeholder: string;
  onTextChange: (text: string) => void;
  /** The text rewritten in the language's format when it is a date (`8.12.26` → `08.12.2026`). */
  normalize: () => void;
  /** The ISO value for the browser's calendar ('' when the text is no date). */
  pickerValue: string;
  onPicked: (iso: string) => void;
};

/**
 * The text of a date field in the UI language, for an ISO value: typing calls `onChange` with the
 * ISO date once the text is one ('' when empty, the text itself while it is none, so the form's
 * check can say so); a value set from outside (another field, a shift of later dates) replaces
 * the text unless the text already means it.
 */
export function useDateText(value: string | null | undefined, onChange: (value: string) => void): DateTextState {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(() => formatDateText(value, language));
  useEffect(() => {
    setText((current) =>
      current === value || parseDateText(current) === (value ?? '') ? current : formatDateText(value, language),
    );
  }, [value, language]);
  const parsed = parseDateText(text);
  return {
    text,
    placeholder: datePlaceholder(language),
    onTextChange: (next) => {
      setText(next);
      onChange(parseDateText(next) ?? next);
    },
    normalize: () => {
      if (parsed) setText(formatDateText(parsed, language));
    },
    pickerValue: parsed ?? '',
    onPicked: (iso) => {
      setText(formatDateText(iso, language));
      onChange(iso);
    },
  };
}

/** The calendar button of a date field and the browser's date input it opens. */
export function CalendarButton({
  state,
  min,
  max,
  disabled,
  onPicked,
}: {
  state: DateTextState;
  min?: string;
  max?: string;
  disabled?: boolean;
  /** After a day was picked (the field takes the focus back, e.g.). */
  onPicked?: () => void;
}) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('COMMON.OpenCalendar')}
        disabled={disabled}
        onClick={() => {
          try {
            picker.current?.showPicker();
          } catch {
            picker.current?.focus();
          }
        }}
      >
        <IconCalendar size={18} aria-hidden />
      </ActionIcon>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        style={pickerStyle}
        value={state.pickerValue}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(e) => {
          if (!e.currentTarget.value) return;
          state.onPicked(e.currentTarget.value);
          onPicked?.();
        }}
      />
    </>
  );
}

type DateInputProps = Omit<TextInputProps, 'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max'> & {
  /** The ISO date (YYYY-MM-DD), or empty. */
  value?: string | null;
  /** The ISO date typed or picked, '' when emptied, the typed text while it is no date. */
  onChange: (value: string) => void;
  /** The first and last day the calendar offers (ISO); the form checks typed days itself. */
  min?: string;
  max?: string;
};

/**
 * A date field in the UI language's format (TT.MM.JJJJ, DD/MM/YYYY, DD-MM-JJJJ) with a calendar
 * button: the browser's own date field would follow the browser's language instead.
 */
export function DateInput({ value, onChange, min, max, onBlur, disabled, readOnly, ...rest }: DateInputProps) {
  const state = useDateText(value, onChange);
  const field = useRef<HTMLInputElement>(null);
  return (
    <TextInput
      {...rest}
      ref={field}
      value={state.text}
      placeholder={state.placeholder}
      disabled={disabled}
      readOnly={readOnly}
      autoComplete="off"
      onChange={(e) => state.onTextChange(e.currentTarget.value)}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        state.normalize();
        onBlur?.(e);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        readOnly ? undefined : (
          <CalendarButton
            state={state}
            min={min}
            max={max}
            disabled={disabled}
            onPicked={() => field.current?.focus()}
          />
        )
      }
    />
  );
}

type DateTimeInputProps = {
  label: string;
  required?: boolean;
  error?: ReactNode;
  /** Local date and time as `YYYY-MM-DDTHH:MM` (what a `datetime-local` input holds), or empty. */
  value?: string;
  /** The local `YYYY-MM-DDTHH:MM` once both parts are valid, '' when both are empty, else the typed parts. */
  onChange: (value: string) => void;
};

/**
 * A day and a time of day under one label: the day as a DateInput in the UI language's format, the
 * time as HH:MM (24 hours). The browser's `datetime-local` field would follow the browser's language.
 */
export function DateTimeInput({ label, required, error, value, onChange }: DateTimeInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [day = '', time = ''] = (value ?? '').split('T');
  const [timeText, setTimeText] = useState(time);
  useEffect(() => {
    setTimeText((current) => (current === time || parseTimeText(current) === time ? current : time));
  }, [time]);
  const emit = (nextDay: string, nextTime: string) => {
    const parsedTime = parseTimeText(nextTime);
    if (nextDay === '' && parsedTime === '') onChange('');
    else onChange(`${nextDay}T${parsedTime ?? nextTime}`);
  };
  // Both parts are named by the label and described by the message under them: Mantine's inputs
  // would take their own wrapper's (empty) description, so they get their ARIA attributes here.
  const aria = {
    withAria: false,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
  } as const;
  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      labelProps={{ id: `${id}-label` }}
      errorProps={{ id: `${id}-error` }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DateInput
          {...aria}
          aria-labelledby={`${id}-label`}
          style={{ flex: 1 }}
          value={day}
          onChange={(nextDay) => emit(nextDay, timeText)}
          error={Boolean(error)}
        />
        <TextInput
          {...aria}
          aria-label={`${label}, ${t('COMMON.TimeOfDay')}`}
          w={90}
          placeholder={t('COMMON.TimePlaceholder')}
          autoComplete="off"
          value={timeText}
          error={Boolean(error)}
          onChange={(e) => {
            setTimeText(e.currentTarget.value);
            emit(day, e.currentTarget.value);
          }}
          onBlur={() => {
            const parsed = parseTimeText(timeText);
            if (parsed) setTimeText(parsed);
          }}
        />
      </Group>
    </Input.Wrapper>
  );
}
