import { useState, type KeyboardEvent } from 'react';
import { hasLaterDates, shiftDeliveryDates, type ShiftChoice } from '../../../../shared/rules/delivery-dates';
import { isIsoDay } from '../../../../shared/rules/project-units';
import type { DateChange } from './delivery-date-change-dialog';
import type { DeliveryRow } from './delivery-rows';

type Options = {
  rows: DeliveryRow[];
  setRows: (rows: DeliveryRow[]) => void;
  /** The project's earliest delivery date: no date is moved below it. */
  minimum: string;
  labelOf: (row: DeliveryRow) => string;
};

/**
 * The dialog's date fields. A typed date counts once its field is left or Enter is pressed (until
 * then it is a draft, not a value of the form); a date with later dates behind it asks whether to
 * move those too, and the dates raised to their lot's minimum are named.
 */
export function useDeliveryDates({ rows, setRows, minimum, labelOf }: Options) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [question, setQuestion] = useState<DateChange | null>(null);
  const [clamped, setClamped] = useState<string[]>([]);
  const dropDraft = (key: string) => setDrafts(({ [key]: _dropped, ...rest }) => rest);

  const apply = (change: DateChange, choice: ShiftChoice) => {
    const result = shiftDeliveryDates(rows, change.key, change.to, choice, minimum);
    setRows(result.entries);
    setClamped(choice === 'yes' ? result.clamped : []);
    dropDraft(change.key);
  };

  const commit = (row: DeliveryRow) => {
    const value = drafts[row.key];
    if (value === undefined) return;
    if (!isIsoDay(value) || value === row.date) return dropDraft(row.key);
    const change = { key: row.key, label: labelOf(row), from: row.date ?? value, to: value };
    if (row.date === null || !hasLaterDates(rows, row.key)) return apply(change, 'no');
    setQuestion(change);
  };

  return {
    question,
    clamped,
    answer: (choice: ShiftChoice) => {
      if (question) apply(question, choice);
      setQuestion(null);
    },
    /** The props of a row's date field besides its label and error. */
    fieldOf: (row: DeliveryRow) => ({
      value: drafts[row.key] ?? row.date ?? '',
      onChange: (value: string) => setDrafts((d) => ({ ...d, [row.key]: value })),
      onBlur: () => commit(row),
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        commit(row);
      },
    }),
  };
}
