import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { datePlaceholder, formatDateText, parseDateText } from '../../../lib/date-text';
import { OpenCalendarButton } from '../../../components/open-calendar-button';

/*
 * The date text of the structure editor's rows. A large structure shows hundreds of date fields, so
 * they stay bare inputs with the browser's calendar behind a button instead of a date field with
 * its own calendar dropdown (components/date-input) each.
 */

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

type DateTextState = {
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
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <OpenCalendarButton
        disabled={disabled}
        onClick={() => {
          try {
            picker.current?.showPicker();
          } catch {
            picker.current?.focus();
          }
        }}
      />
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
