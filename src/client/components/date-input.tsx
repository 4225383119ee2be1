import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/nl';
import { Group, Input, TextInput } from '@mantine/core';
import {
  DateInput as MantineDateInput,
  DatesProvider,
  type DateInputProps as MantineDateInputProps,
} from '@mantine/dates';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { datePattern, datePlaceholder, parseDateText, parseTimeText } from '../lib/date-text';
import { OpenCalendarButton } from './open-calendar-button';

/*
 * The app's date fields: Mantine's DateInput (its calendar in a dropdown) with the UI language's
 * format and month names, weeks from Monday. Only the pages with a date field load this module
 * and @mantine/dates (docs/decisions/018-date-input.md).
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Dates in the UI language: the calendar's month and day names, weeks starting on Monday. */
function UiDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

type DateInputProps = Omit<
  MantineDateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser' | 'placeholder'
> & {
  /** The ISO date (YYYY-MM-DD), or empty. */
  value?: string | null;
  /** The ISO date typed or picked, '' when emptied, the typed text while it is no date. */
  onChange: (value: string) => void;
  /** The first and last day the calendar offers (ISO); the form checks typed days itself. */
  min?: string;
  max?: string;
};

/**
 * When the calendar is open: from the field's focus, a click or typing until a day is picked, the
 * field is left, or Enter, Escape or Tab is pressed. Mantine's own state keeps it open after Enter,
 * where it would cover what comes below the field (a dialog's Save button).
 */
function useCalendarOpening() {
  const [opened, setOpened] = useState(false);
  const open = () => setOpened(true);
  const close = () => setOpened(false);
  return {
    opened,
    open,
    close,
    onKeyDown: (key: string) => {
      if (key === 'Enter' || key === 'Escape' || key === 'Tab') close();
      else if (key === 'ArrowDown') open();
    },
  };
}

/**
 * A date field in the UI language's format (TT.MM.JJJJ, DD/MM/YYYY, DD-MM-JJJJ; short forms such
 * as 8.1.30 are taken) with a calendar. Every keystroke reaches the form: the ISO date once the
 * text is one (also outside min and max, so the form can say why it refuses it), '' when emptied,
 * the text itself while it is none, which stays in the field so the form's message stands next to it.
 */
export function DateInput({
  value,
  onChange,
  min,
  max,
  readOnly,
  disabled,
  ariaLabels,
  popoverProps,
  getDayProps,
  onFocus,
  onBlur,
  onClick,
  onKeyDown,
  ...rest
}: DateInputProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendarOpening();
  const language = i18n.language;
  const field = useRef<HTMLInputElement>(null);
  const iso = value && ISO_DATE.test(value) ? value : null;
  return (
    <UiDatesProvider>
      <MantineDateInput
        {...rest}
        ref={field}
        value={iso}
        onChange={(picked) => onChange(picked ?? '')}
        onInput={(e) => {
          calendar.open();
          onChange(parseDateText(e.currentTarget.value) ?? e.currentTarget.value);
        }}
        popoverProps={{ ...popoverProps, opened: calendar.opened }}
        getDayProps={(day) => {
          const own = getDayProps?.(day);
          return {
            ...own,
            onClick: (event) => {
              own?.onClick?.(event);
              calendar.close();
            },
          };
        }}
        onFocus={(e) => {
          calendar.open();
          onFocus?.(e);
        }}
        onClick={(e) => {
          calendar.open();
          onClick?.(e);
        }}
        onBlur={(e) => {
          calendar.close();
          onBlur?.(e);
        }}
        onKeyDown={(e) => {
          calendar.onKeyDown(e.key);
          onKeyDown?.(e);
        }}
        // A typed text that is no date stays (the form says why); a date is rewritten in full.
        fixOnBlur={!value || iso !== null}
        allowDeselect
        valueFormat={datePattern(language)}
        dateParser={(text) => parseDateText(text) || null}
        placeholder={datePlaceholder(language)}
        minDate={min}
        maxDate={max}
        data-min={min}
        data-max={max}
        readOnly={readOnly}
        disabled={disabled}
        ariaLabels={{
          previousMonth: t('COMMON.Calendar.PreviousMonth'),
          nextMonth: t('COMMON.Calendar.NextMonth'),
          previousYear: t('COMMON.Calendar.PreviousYear'),
          nextYear: t('COMMON.Calendar.NextYear'),
          previousDecade: t('COMMON.Calendar.PreviousDecade'),
          nextDecade: t('COMMON.Calendar.NextDecade'),
          monthLevelControl: t('COMMON.Calendar.ChooseMonth'),
          yearLevelControl: t('COMMON.Calendar.ChooseYear'),
          ...ariaLabels,
        }}
        rightSectionPointerEvents="all"
        rightSection={
          readOnly ? undefined : (
            // The calendar opens with the field's focus; the button is its visible way for mouse and keyboard.
            <OpenCalendarButton
              disabled={disabled}
              onClick={() => {
                field.current?.focus();
                field.current?.click();
              }}
            />
          )
        }
      />
    </UiDatesProvider>
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
