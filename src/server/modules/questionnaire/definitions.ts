import materialChoiceJson from '../../../shared/questionnaire/definitions/material-choice.json';
import supplierJson from '../../../shared/questionnaire/definitions/supplier.json';
import {
  definitionFileSchema,
  unknownComponents,
  type DefinitionFile,
  type QuestionnaireVariant,
} from '../../../shared/questionnaire/definition';
import { variantOf } from '../../../shared/questionnaire/variants';

/**
 * The tenants' sheet definitions, checked by the schema once when the server starts (a broken
 * file stops the start instead of failing a user later).
 */
const files: Record<QuestionnaireVariant, DefinitionFile> = {
  'material-choice': definitionFileSchema.parse(materialChoiceJson),
  supplier: definitionFileSchema.parse(supplierJson),
};

export { variantOf };

export function definitionOf(variant: QuestionnaireVariant): DefinitionFile {
  return files[variant];
}

/** Custom component names of the definitions the screen does not know (logged at start, spec §8). */
export function unknownDefinitionComponents(): string[] {
  return Object.values(files).flatMap((file) => unknownComponents(file.sheets).map((c) => `${file.variant} ${c}`));
}
