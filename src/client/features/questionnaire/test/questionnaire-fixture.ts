import { sheetSchema, type Control } from '../../../../shared/questionnaire/definition';
import type { Questionnaire } from '../../../../shared/schemas/questionnaire';

const label = (s: string) => ({ de: s, en: s, nl: s });

function sheet(name: string, controls: Control[]) {
  return sheetSchema.parse({
    name,
    version: 1,
    label: label(`Blatt ${name}`),
    sections: [{ name: 's', label: label('Abschnitt'), controls }],
  });
}

/** A supplier's sheet set of two sheets: `a` needs a project name, `b` takes a remark. */
export function questionnaireFixture(overrides: Partial<Questionnaire> = {}): Questionnaire {
  return {
    rootUnitId: 41,
    projectNo: '2026-0041',
    title: 'Wohnpark Süd',
    variant: 'supplier',
    setKey: 'de',
    sheets: [
      sheet('a', [{ name: 'name', type: 'text', label: label('Projektname'), validators: { required: true } }]),
      sheet('b', [{ name: 'remark', type: 'text', label: label('Bemerkung') }]),
    ],
    data: {},
    isValid: false,
    canEdit: true,
    updatedAt: null,
    ...overrides,
  } as Questionnaire;
}
