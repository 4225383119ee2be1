import { Ajv, type ValidateFunction } from 'ajv';
import type { Schema } from './test-openapi-requests';

/** OpenAPI 3.0's boolean exclusive bounds and `nullable`, as the JSON Schema that Ajv reads. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  // A recursive schema (a folder's children) is documented as a placeholder: anything is accepted there.
  if ((schema as { $ref?: string }).$ref === '__SCHEMA__PLACEHOLDER__') return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = toJsonSchema(v);
  if (out.exclusiveMinimum === true) [out.exclusiveMinimum, out.minimum] = [out.minimum, undefined];
  if (out.exclusiveMaximum === true) [out.exclusiveMaximum, out.maximum] = [out.maximum, undefined];
  if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  delete out.nullable;
  return JSON.parse(JSON.stringify(out)) as unknown;
}

/**
 * Checks an answer against its documented schema: `undefined` when it matches, else Ajv's account
 * of what does not. Each schema is compiled once.
 */
export function answerChecker(components: object | undefined) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const validators = new Map<unknown, ValidateFunction>();
  return (schema: Schema, answer: unknown): string | undefined => {
    let validate = validators.get(schema);
    if (!validate) {
      // Named schemas (recursive ones) are references into the document's components, resolved from the root.
      validate = ajv.compile({ ...(toJsonSchema(schema) as object), components: toJsonSchema(components) });
      validators.set(schema, validate);
    }
    return validate(answer) ? undefined : ajv.errorsText(validate.errors);
  };
}
