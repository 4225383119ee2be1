import { localeOfLanguage } from '../schemas/common';
import { blockTypeByKey } from './block-types';
import {
  isCustomComponent,
  unitText,
  type Control,
  type FormData,
  type LocalText,
  type Section,
  type Sheet,
} from './definition';
import { evaluate, sheetsWithData } from './engine';

export type PrintLanguage = keyof LocalText;
export type PrintRow = { label: string; value: string };
export type PrintSection = { label: string; rows: PrintRow[] };
export type PrintSheet = { name: string; label: string; sections: PrintSection[] };

const yes: LocalText = { de: 'Ja', en: 'Yes', nl: 'Ja' };
const no: LocalText = { de: 'Nein', en: 'No', nl: 'Nee' };

/** One number format per language: building a format costs far more than formatting with it. */
const numberFormats = new Map<PrintLanguage, Intl.NumberFormat>();

function formatNumber(n: number, lang: PrintLanguage): string {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(localeOfLanguage[lang], { maximumFractionDigits: 3 });
    numberFormats.set(lang, format);
  }
  return format.format(n);
}

function valueText(control: Control, value: unknown, lang: PrintLanguage): string {
  const option = (v: string) => control.options?.find((o) => o.value === v)?.label[lang] ?? v;
  if (control.type === 'checkbox') return value === true ? yes[lang] : no[lang];
  if (typeof value === 'number') {
    const unit = unitText(control.unit, lang);
    return `${formatNumber(value, lang)}${unit ? ` ${unit}` : ''}`;
  }
  if (control.component === 'block-types' && Array.isArray(value)) {
    return value
      .map((cell) => {
        const [block, strength] = String(cell).split(':');
        const type = blockTypeByKey.get(block ?? '');
        return `${type ? type.label[lang] : block} ${(strength ?? '').toUpperCase()}`;
      })
      .join(', ');
  }
  if (Array.isArray(value)) return value.map((v) => option(String(v))).join(', ');
  if (typeof value === 'string') return control.options ? option(value) : value;
  return '';
}

/**
 * What the print page and the PDF show: every shown sheet with data, its sections and the
 * enabled controls' values (empty and component-only rows left out), in one language.
 */
export function printModel(sheets: Sheet[], data: FormData, lang: PrintLanguage): PrintSheet[] {
  const evaluation = evaluate(sheets, data);
  return sheetsWithData(sheets, data).map((sheet) => {
    const values = data[sheet.name] ?? {};
    const states = evaluation.sheets[sheet.name]?.controls ?? {};
    const sections: PrintSection[] = [];
    const walk = (section: Section, prefix: string) => {
      const label = prefix ? `${prefix} – ${section.label[lang]}` : section.label[lang];
      const rows = section.controls.flatMap((c): PrintRow[] => {
        if (states[c.name]?.active === false || c.component === 'delivery-schedule') return [];
        if (c.type === 'component' && !isCustomComponent(c.component)) return [];
        const text = valueText(c, values[c.name], lang);
        if (text === '' || (c.type === 'checkbox' && values[c.name] !== true)) return [];
        return [{ label: c.label?.[lang] ?? section.label[lang], value: text }];
      });
      if (rows.length > 0) sections.push({ label, rows });
      section.children?.forEach((child) => walk(child, label));
    };
    sheet.sections.forEach((s) => walk(s, ''));
    return { name: sheet.name, label: sheet.label[lang], sections };
  });
}
