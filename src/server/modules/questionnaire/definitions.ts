import materialChoiceJson from '../../../shared/questionnaire/definitions/material-choice.json';
import supplierJson from '../../../shared/questionnaire/definitions/supplier.json';
import {
  definitionFileSchema,
  type DefinitionFile,
  type QuestionnaireVariant,
} from '../../../shared/questionnaire/definition';
import type { Features } from '../../../shared/rules/features';

/**
 * The tenants' sheet definitions, checked by the schema once when the server starts (a broken
 * file stops the start instead of failing a user later).
 */
const files: Record<QuestionnaireVariant, DefinitionFile> = {
  'material-choice': definitionFileSchema.parse(materialChoiceJson),
  supplier: definitionFileSchema.parse(supplierJson),
};

/**
 * The tenant's variant: the ProjectInfoSheet feature carries it (`{ "variant": "supplier" }`);
 * `true` means the material-choice sheets.
 */
export function variantOf(features: Features): QuestionnaireVariant {
  const flag = features.ProjectInfoSheet;
  if (typeof flag === 'object' && flag !== null && 'variant' in flag && flag.variant === 'supplier') return 'supplier';
  return 'material-choice';
}

export function definitionOf(variant: QuestionnaireVariant): DefinitionFile {
  return files[variant];
}
