import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../../../shared/errors';
import { isStorableText } from '../../../shared/schemas/common';

/** The path of the first string (or key) the database could not store: NUL or a lone surrogate. */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key];
    const found = findUnstorableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The zod validator of every route, preceded by one check on all input (path, query, body):
 * no string anywhere may hold NUL or a lone surrogate, whatever its schema says. Titles and names
 * also go through the shared `text()` schema; this catches the rest (passwords, tokens, filters).
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const path = findUnstorableText(data);
    if (path) {
      return {
        error: new AppError('ValidationFailed', [
          { messageType: 'Error', message: 'VALIDATION.InvalidCharacters', reference: path.join('.') || null },
        ]),
      };
    }
    return validate(data);
  };
};
