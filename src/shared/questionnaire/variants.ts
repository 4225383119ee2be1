import type { Features } from '../rules/features';
import type { DefinitionFile, FormData, QuestionnaireVariant, Sheet } from './definition';
import { activeSheets } from './engine';

/**
 * The tenant's variant: the ProjectInfoSheet feature carries it (`{ "variant": "supplier" }`);
 * `true` means the material-choice sheets.
 */
export function variantOf(features: Features): QuestionnaireVariant {
  const flag = features.ProjectInfoSheet;
  if (typeof flag === 'object' && flag !== null && 'variant' in flag && flag.variant === 'supplier') return 'supplier';
  return 'material-choice';
}

/** The material-choice tenant's sheets are `xde-<material>`; `xde-general` is not a material. */
export const GENERAL_SHEET = 'xde-general';
const MATERIAL_PREFIX = 'xde-';

/** Leaving needs the general sheet and at least one material sheet (spec §5: two active sheets). */
export const MIN_ACTIVE_SHEETS = 2;

/** Materials for approval lots: the active material sheets without the `xde-` prefix, `xde-general` excluded. */
export function materialsOfSheets(sheets: Sheet[], data: FormData): string[] {
  return activeSheets(sheets, data)
    .map((s) => s.name)
    .filter((name) => name.startsWith(MATERIAL_PREFIX) && name !== GENERAL_SHEET)
    .map((name) => name.slice(MATERIAL_PREFIX.length));
}

export type CountryCode = 'nl' | 'de' | 'be' | 'fr';

/** The project's Country param → the sheet set's country: nl, de or d, be or b, fr or f. */
export function countryCode(value: string | null | undefined): CountryCode | null {
  switch ((value ?? '').trim().toLowerCase()) {
    case 'nl':
      return 'nl';
    case 'de':
    case 'd':
      return 'de';
    case 'be':
    case 'b':
      return 'be';
    case 'fr':
    case 'f':
      return 'fr';
    default:
      return null;
  }
}

/** The BrickAssortment param switches to the alternate set (`<country>-alt`). */
export function isBrickAssortment(value: string | null | undefined): boolean {
  return ['true', '1', 'yes', 'ja', 'x'].includes((value ?? '').trim().toLowerCase());
}

/**
 * The sheets of a project. The material-choice tenant: all sheets (the chips activate them). The
 * supplier: the set of the project's country (Dutch when unknown), the alternate set with the
 * brick assortment when the definition has one.
 */
export function sheetsFor(
  file: DefinitionFile,
  params: { country: string | null; brickAssortment: string | null },
): { sheets: Sheet[]; setKey: string | null } {
  if (file.variant === 'material-choice' || !file.sets) return { sheets: file.sheets, setKey: null };
  const country = countryCode(params.country) ?? 'nl';
  const alt = `${country}-alt`;
  const key = isBrickAssortment(params.brickAssortment) && file.sets[alt] ? alt : file.sets[country] ? country : 'nl';
  const names = file.sets[key] ?? [];
  const byName = new Map(file.sheets.map((s) => [s.name, s]));
  return { sheets: names.flatMap((n) => byName.get(n) ?? []), setKey: key };
}
