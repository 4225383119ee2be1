import materialChoiceJson from '../../../shared/questionnaire/definitions/material-choice.json';
import supplierJson from '../../../shared/questionnaire/definitions/supplier.json';
import { AppError } from '../../../shared/errors';
import {
  controlsOf,
  definitionFileSchema,
  unknownComponents,
  type DefinitionFile,
  type QuestionnaireVariant,
} from '../../../shared/questionnaire/definition';
import { checkPattern } from '../../../shared/questionnaire/pattern-safety';
import { variantOf } from '../../../shared/questionnaire/variants';
import { LIMITS } from '../../../shared/schemas/limits';

const checked = new Map<string, boolean>();

/**
 * Reads a definition file: the schema, then every validation pattern against its worst case at the
 * longest value a sheet accepts. A pattern that could block the server (nested quantifiers, or
 * over the time budget) refuses the whole file, naming the control and the pattern.
 */
export function loadDefinition(json: unknown): DefinitionFile {
  const file = definitionFileSchema.parse(json);
  const unsafe = file.sheets.flatMap((sheet) =>
    controlsOf(sheet).flatMap((control) => {
      const pattern = control.validators?.pattern;
      if (pattern === undefined) return [];
      let safe = checked.get(pattern);
      if (safe === undefined) {
        safe = checkPattern(pattern, LIMITS.sheetValue).safe;
        checked.set(pattern, safe);
      }
      return safe ? [] : [{ control: `${sheet.name}.${control.name}`, pattern }];
    }),
  );
  if (unsafe.length > 0)
    throw new AppError(
      'ValidationFailed',
      unsafe.map((u) => ({
        messageType: 'Error' as const,
        message: 'QUESTIONNAIRE.UnsafePattern',
        reference: u.control,
        params: { control: u.control, pattern: u.pattern },
      })),
    );
  return file;
}

/**
 * The tenants' sheet definitions, checked once when the server starts (a broken file or an unsafe
 * pattern stops the start instead of failing or blocking a user later).
 */
const files: Record<QuestionnaireVariant, DefinitionFile> = {
  'material-choice': loadDefinition(materialChoiceJson),
  supplier: loadDefinition(supplierJson),
};

export { variantOf };

export function definitionOf(variant: QuestionnaireVariant): DefinitionFile {
  return files[variant];
}

/** Custom component names of the definitions the screen does not know (logged at start, spec §8). */
export function unknownDefinitionComponents(): string[] {
  return Object.values(files).flatMap((file) => unknownComponents(file.sheets).map((c) => `${file.variant} ${c}`));
}
