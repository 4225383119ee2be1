import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

type Options = {
  /** Values for the messages' placeholders (`{{min}}`, `{{max}}`). */
  messageParams?: Record<string, unknown>;
  /** Check a field while typing (default) or only when it loses focus (password fields). */
  validateInputOnChange?: boolean;
  /**
   * Rules across fields (a subproject's total over many rows, a row's maximum after its siblings):
   * every field's error follows the current values, from the start, instead of being checked field
   * by field as each one changes.
   */
  crossFieldRules?: boolean;
};

/** The first message per field path of a failed parse (`rows.2.volume`), as Mantine keeps its errors. */
function errorsOf(parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/**
 * A form validated by a shared zod schema (src/shared/schemas) through `@mantine/form`'s
 * `schemaResolver`: the same rule as the server, the same messages (i18n keys, translated here).
 * The schema's input type is the form's values; a form that edits other shapes than the API
 * (texts for dates, ids as strings) pipes a transform into the API schema.
 */
export function useSchemaForm<S extends FormSchema>(schema: S, initialValues: z.input<S>, options: Options = {}) {
  const { t, i18n } = useTranslation();
  const crossField = options.crossFieldRules ?? false;
  const form = useForm<z.input<S>>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnChange: !crossField && (options.validateInputOnChange ?? true),
    validateInputOnBlur: !crossField,
  });
  const parsed = schema.safeParse(form.values);
  /** The errors to show: Mantine's, kept per field as it changes; with cross-field rules, those of the current values. */
  const errors: Record<string, ReactNode> = crossField ? errorsOf(parsed) : form.errors;
  const errorText = (error: ReactNode): ReactNode =>
    typeof error === 'string' && i18n.exists(error) ? t(error, options.messageParams) : error;
  /** `getInputProps` with the error translated. */
  const field = (path: string, inputOptions?: Parameters<typeof form.getInputProps>[1]) => {
    const props = form.getInputProps(path, inputOptions);
    return { ...props, error: errorText(crossField ? errors[path] : (props.error as ReactNode)) };
  };
  return {
    form,
    field,
    errors,
    errorText,
    valid: parsed.success,
    /** The schema's output for the current values (trimmed, converted), or undefined while invalid. */
    output: parsed.success ? (parsed.data as z.output<S>) : undefined,
  };
}
