import { JSONPath } from 'jsonpath-plus';
import { blockTypeByKey } from './block-types';
import {
  controlsOf,
  isCustomComponent,
  type Control,
  type FormData,
  type FormValue,
  type Sheet,
  type SheetValues,
  type StoredData,
} from './definition';

/**
 * The questionnaire engine (spec §5), one for client and server: the client calls it on every
 * change for instant feedback, the server on every save to compute the stored `isValid`.
 *
 * - A control is enabled while its `activeIf` checkbox is true and one of its `activationPaths`
 *   matches the form data; a disabled control is reset to its default and counts as valid.
 * - A sheet is shown while one of its `activationPaths` matches; hidden sheets are not validated.
 * - Checkboxes of one `group` exclude each other: setting one clears the others.
 * - Validators: `required`, `pattern` (an empty value passes), `requiredGroup`.
 * - A `component` control naming an unknown custom component is skipped: never an error.
 */

export type ControlError = 'required' | 'pattern' | 'requiredGroup';
export type ControlState = { active: boolean; error: ControlError | null };
export type SheetState = { active: boolean; valid: boolean; controls: Record<string, ControlState> };
export type Evaluation = { isValid: boolean; sheets: Record<string, SheetState> };

/** A query matches when it finds at least one value that is set (not false, null, '' or an empty list). */
export function pathMatches(path: string, data: FormData): boolean {
  const found: unknown = JSONPath({ path, json: data, eval: 'safe', wrap: true });
  return Array.isArray(found) && found.some(isSet);
}

function isSet(value: unknown): boolean {
  if (value === false || value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const anyMatches = (paths: string[] | undefined, data: FormData) =>
  !paths || paths.length === 0 || paths.some((p) => pathMatches(p, data));

export function defaultValue(control: Control): FormValue {
  if (control.value !== undefined) return Array.isArray(control.value) ? [...control.value] : control.value;
  if (control.type === 'checkbox') return false;
  if (control.type === 'number') return null;
  if (control.multi || control.type === 'component') return control.multi ? [] : null;
  return '';
}

/**
 * Whether a stored value has the shape the control takes (else it falls back to the default).
 * A control with options takes only its options (or '' for none chosen); the block-type table
 * only cells that exist. So data sent by a client cannot satisfy `required` with made-up values.
 */
export function fitsControl(control: Control, value: FormValue | undefined): value is FormValue {
  if (value === undefined) return false;
  if (value === null) return control.type === 'number' || control.type === 'component';
  switch (control.type) {
    case 'checkbox':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'component':
      if (control.component === 'block-types')
        return Array.isArray(value) && value.every((v) => typeof v === 'string' && isBlockCell(v));
      return !control.options || isOptionValue(control, value);
    default:
      if (control.multi ? !Array.isArray(value) || value.some((v) => typeof v !== 'string') : typeof value !== 'string')
        return false;
      return !control.options || isOptionValue(control, value);
  }
}

function isOptionValue(control: Control, value: FormValue): boolean {
  const allowed = (v: unknown) => typeof v === 'string' && (control.options ?? []).some((o) => o.value === v);
  if (Array.isArray(value)) return value.every(allowed);
  return value === '' || allowed(value);
}

function isBlockCell(cell: string): boolean {
  const [block, strength, rest] = cell.split(':');
  const type = blockTypeByKey.get(block ?? '');
  return rest === undefined && !!type && (strength === 'cs12' || strength === 'cs20') && type[strength];
}

export function isSheetActive(sheet: Sheet, data: FormData): boolean {
  return anyMatches(sheet.activationPaths, data);
}

export function isControlActive(control: Control, values: SheetValues, data: FormData): boolean {
  if (control.activeIf && values[control.activeIf] !== true) return false;
  return anyMatches(control.activationPaths, data);
}

function isFilled(value: FormValue | undefined): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const patternCache = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let re = patternCache.get(source);
  if (!re) {
    re = new RegExp(`^(?:${source})$`, 'u');
    patternCache.set(source, re);
  }
  return re;
}

function errorOf(control: Control, values: SheetValues, groupSet: Set<string>): ControlError | null {
  const v = control.validators;
  if (!v) return null;
  const value = values[control.name];
  if (v.required && !isFilled(value)) return 'required';
  if (v.pattern && isFilled(value) && !Array.isArray(value) && typeof value !== 'boolean') {
    if (!patternOf(v.pattern).test(String(value))) return 'pattern';
  }
  if (v.requiredGroup && !groupSet.has(v.requiredGroup)) return 'requiredGroup';
  return null;
}

/** The validity of every shown sheet and control; disabled and read-only controls are valid. */
export function evaluate(sheets: Sheet[], data: FormData): Evaluation {
  const out: Record<string, SheetState> = {};
  let isValid = true;
  for (const sheet of sheets) {
    const values = data[sheet.name] ?? {};
    const active = isSheetActive(sheet, data);
    const controls: Record<string, ControlState> = {};
    const all = controlsOf(sheet);
    const states = all.map((c) => isControlActive(c, values, data));
    // Groups with at least one enabled checkbox set.
    const groupSet = new Set<string>();
    all.forEach((c, i) => {
      if (states[i] && c.type === 'checkbox' && values[c.name] === true) {
        if (c.group) groupSet.add(c.group);
        if (c.validators?.requiredGroup) groupSet.add(c.validators.requiredGroup);
      }
    });
    let valid = true;
    all.forEach((c, i) => {
      const enabled = states[i] === true;
      const skipped = c.readonly || (c.type === 'component' && !isCustomComponent(c.component));
      const error = active && enabled && !skipped ? errorOf(c, values, groupSet) : null;
      if (error) valid = false;
      controls[c.name] = { active: enabled, error };
    });
    if (active && !valid) isValid = false;
    out[sheet.name] = { active, valid: !active || valid, controls };
  }
  return { isValid, sheets: out };
}

/**
 * Brings the data in line with the rules: every control has a value of its shape, disabled
 * controls hold their default, and of a group at most one checkbox is set (the one just changed
 * wins, else the first). Runs until nothing changes, since a reset can disable further controls.
 */
export function normalize(sheets: Sheet[], data: FormData, changed?: { sheet: string; control: string }): FormData {
  let current: FormData = {};
  for (const sheet of sheets) {
    const values = data[sheet.name] ?? {};
    const next: SheetValues = {};
    for (const c of controlsOf(sheet)) {
      const v = values[c.name];
      next[c.name] = fitsControl(c, v) ? v : defaultValue(c);
    }
    // Exclusive groups.
    const winners = new Map<string, string>();
    if (changed?.sheet === sheet.name) {
      const c = controlsOf(sheet).find((x) => x.name === changed.control);
      if (c?.group && c.type === 'checkbox' && next[c.name] === true) winners.set(c.group, c.name);
    }
    for (const c of controlsOf(sheet)) {
      if (!c.group || c.type !== 'checkbox' || next[c.name] !== true) continue;
      const winner = winners.get(c.group);
      if (winner === undefined) winners.set(c.group, c.name);
      else if (winner !== c.name) next[c.name] = false;
    }
    current[sheet.name] = next;
  }
  for (let pass = 0; pass < 10; pass++) {
    let changedAny = false;
    const next: FormData = { ...current };
    for (const sheet of sheets) {
      const values = { ...(current[sheet.name] ?? {}) };
      for (const c of controlsOf(sheet)) {
        if (isControlActive(c, values, current)) continue;
        const d = defaultValue(c);
        if (!sameValue(values[c.name], d)) {
          values[c.name] = d;
          changedAny = true;
        }
      }
      next[sheet.name] = values;
    }
    current = next;
    if (!changedAny) break;
  }
  return current;
}

function sameValue(a: FormValue | undefined, b: FormValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/** Sets one value and normalises (exclusive groups, deactivation). */
export function setValue(sheets: Sheet[], data: FormData, sheet: string, control: string, value: FormValue): FormData {
  const next = { ...data, [sheet]: { ...(data[sheet] ?? {}), [control]: value } };
  return normalize(sheets, next, { sheet, control });
}

/**
 * Reads stored data saved under any version of the sheets. The migration rule: a value is kept
 * when its control still exists and the value fits the control's type; removed controls are
 * dropped, new or changed ones start at their default; `_versions` is what the data was saved
 * under and becomes the current versions on the next save. Unknown sheets are dropped.
 */
export function fromStored(sheets: Sheet[], stored: StoredData | null | undefined): FormData {
  const data: FormData = {};
  for (const sheet of sheets) {
    const values = stored?.[sheet.name];
    if (values) data[sheet.name] = values;
  }
  return normalize(sheets, data);
}

export function toStored(sheets: Sheet[], data: FormData): StoredData {
  const versions: Record<string, number> = {};
  const out: StoredData = {};
  for (const sheet of sheets) {
    versions[sheet.name] = sheet.version;
    out[sheet.name] = data[sheet.name] ?? {};
  }
  return { _versions: versions, ...out };
}

/** The sheets shown for the data. */
export function activeSheets(sheets: Sheet[], data: FormData): Sheet[] {
  return sheets.filter((s) => isSheetActive(s, data));
}

/** The sheets that hold data worth printing: shown, and at least one enabled control filled in. */
export function sheetsWithData(sheets: Sheet[], data: FormData): Sheet[] {
  return activeSheets(sheets, data).filter((s) => {
    const values = data[s.name] ?? {};
    return controlsOf(s).some(
      (c) => !c.readonly && isFilled(values[c.name]) && !sameValue(values[c.name], defaultValue(c)),
    );
  });
}
