import { z } from 'zod';
import { LIMITS } from '../schemas/limits';

/**
 * The project information sheet's definitions (spec/projects-workflows.md §3, DESIGN.md §5):
 * versioned JSON per tenant, checked by these schemas when loaded. Texts of the content live in
 * the definition, in de, en and nl; the screen's own texts are i18n keys (`QUESTIONNAIRE.*`).
 */

export const localTextSchema = z.object({ de: z.string(), en: z.string(), nl: z.string() });
export type LocalText = z.infer<typeof localTextSchema>;

/** The custom components the screen knows (control type `component`). */
export const customComponents = ['material-chips', 'block-types', 'delivery-schedule'] as const;
export type CustomComponent = (typeof customComponents)[number];

/** Whether a control names a known custom component. */
export const isCustomComponent = (name: string | undefined): name is CustomComponent =>
  (customComponents as readonly (string | undefined)[]).includes(name);

/**
 * Controls of type `component` whose component name is unknown (spec §8: logged and skipped).
 * They are shown nowhere and never make a sheet invalid.
 */
export function unknownComponents(sheets: { name: string; sections: Section[] }[]): string[] {
  return sheets.flatMap((s) =>
    controlsOf(s)
      .filter((c) => c.type === 'component' && !isCustomComponent(c.component))
      .map((c) => `${s.name}.${c.name}: ${c.component ?? '(none)'}`),
  );
}

export const controlTypes = ['component', 'checkbox', 'number', 'text', 'textarea', 'dropdown', 'radio'] as const;

/** A form value: checkbox → boolean, number → number or null, multi → list of strings, else text. */
export const formValueSchema = z.union([z.boolean(), z.number(), z.string(), z.array(z.string()), z.null()]);
export type FormValue = z.infer<typeof formValueSchema>;

const nameSchema = z.string().regex(/^[A-Za-z][\w-]{0,63}$/);

function isRegex(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

export const controlSchema = z
  .object({
    name: nameSchema,
    type: z.enum(controlTypes),
    label: localTextSchema.optional(),
    /** The custom component's name (type `component`); an unknown name is logged and skipped. */
    component: z.string().optional(),
    /** The default value, also what a deactivated control is reset to. */
    value: formValueSchema.optional(),
    validators: z
      .object({
        required: z.boolean().optional(),
        /** A regular expression the whole value must match; an empty value passes. */
        pattern: z.string().refine(isRegex, 'not a regular expression').optional(),
        /** At least one checkbox of this group (in the same sheet) must be set. */
        requiredGroup: nameSchema.optional(),
      })
      .strict()
      .optional(),
    /** The name of a checkbox of the same sheet: the control is enabled only while it is true. */
    activeIf: nameSchema.optional(),
    /** JSONPath queries over the form data: enabled only while one of them matches. */
    activationPaths: z.array(z.string().min(1)).optional(),
    /** Checkboxes of one group exclude each other. */
    group: nameSchema.optional(),
    readonly: z.boolean().optional(),
    multi: z.boolean().optional(),
    options: z.array(z.object({ value: z.string(), label: localTextSchema })).optional(),
    rows: z.number().int().min(1).max(40).optional(),
    /** Columns of 12 the control takes; `fullWidth` takes the whole row. */
    width: z.number().int().min(1).max(12).optional(),
    fullWidth: z.boolean().optional(),
    // A unit of measure (mm, m, t) is one string; a word-like unit (pieces) is translated.
    unit: z.union([z.string(), localTextSchema]).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    placeholder: localTextSchema.optional(),
    note: localTextSchema.optional(),
    /** An image (path under /assets) shown in a popup. */
    popup: z.string().optional(),
  })
  .strict();
export type Control = z.infer<typeof controlSchema>;

export type Section = {
  name: string;
  label: LocalText;
  description?: LocalText;
  note?: LocalText;
  popup?: string;
  controls: Control[];
  children?: Section[];
  /** Children are shown above the section's own controls. */
  childrenTop?: boolean;
};

// Named (`meta.id`): the API document refers to it from inside itself, a recursive schema.
export const sectionSchema: z.ZodType<Section> = z
  .lazy(() =>
    z
      .object({
        name: nameSchema,
        label: localTextSchema,
        description: localTextSchema.optional(),
        note: localTextSchema.optional(),
        popup: z.string().optional(),
        controls: z.array(controlSchema),
        children: z.array(sectionSchema).optional(),
        childrenTop: z.boolean().optional(),
      })
      .strict(),
  )
  .meta({ id: 'QuestionnaireSection' });

export const sheetSchema = z
  .object({
    name: nameSchema,
    version: z.number().int().min(1),
    label: localTextSchema,
    /** JSONPath queries over the form data: the sheet is shown only while one matches. */
    activationPaths: z.array(z.string().min(1)).optional(),
    sections: z.array(sectionSchema),
  })
  .strict()
  .superRefine((sheet, ctx) => {
    const names = new Set<string>();
    for (const control of controlsOf(sheet)) {
      if (names.has(control.name)) ctx.addIssue({ code: 'custom', message: `duplicate control ${control.name}` });
      names.add(control.name);
    }
    for (const control of controlsOf(sheet)) {
      if (control.activeIf && !names.has(control.activeIf))
        ctx.addIssue({ code: 'custom', message: `${control.name}: activeIf names no control` });
    }
  });
export type Sheet = z.infer<typeof sheetSchema>;

export const questionnaireVariants = ['material-choice', 'supplier'] as const;
export type QuestionnaireVariant = (typeof questionnaireVariants)[number];

/** A tenant's definition file: its sheets and, for the supplier, the sheet sets by country. */
export const definitionFileSchema = z
  .object({
    variant: z.enum(questionnaireVariants),
    sheets: z.array(sheetSchema),
    /** Set key (`nl`, `nl-alt` for the brick assortment, …) → sheet names in tab order. */
    sets: z.record(z.string(), z.array(nameSchema)).optional(),
  })
  .strict()
  .superRefine((file, ctx) => {
    const names = new Set(file.sheets.map((s) => s.name));
    for (const [key, list] of Object.entries(file.sets ?? {})) {
      for (const name of list)
        if (!names.has(name)) ctx.addIssue({ code: 'custom', message: `set ${key} names unknown sheet ${name}` });
    }
  });
export type DefinitionFile = z.infer<typeof definitionFileSchema>;

/** Values of one sheet by control name. */
export type SheetValues = Record<string, FormValue>;
/** The form data: values per sheet (what the activation paths query). */
export type FormData = Record<string, SheetValues>;
/**
 * The stored sheet data: the form data plus `_versions` (sheet → the version it was saved under),
 * `{ _versions: {...}, "xde-general": {...}, ... }`.
 */
export const storedDataSchema = z.record(z.string(), z.record(z.string(), formValueSchema));
export type StoredData = z.infer<typeof storedDataSchema>;

/** A value as a client sends it: every text and list bounded before any pattern sees it. */
export const formValueInputSchema = z.union([
  z.boolean(),
  z.number(),
  z.string().max(LIMITS.sheetValue, 'VALIDATION.TooLong'),
  z.array(z.string().max(LIMITS.sheetValue, 'VALIDATION.TooLong')).max(LIMITS.sheetListItems, 'VALIDATION.TooLong'),
  z.null(),
]);

const sheetKeySchema = z.string().max(LIMITS.sheetKey, 'VALIDATION.TooLong');

/** Sheet data in a save request: bounded in sheets, values per sheet, key and value lengths. */
export const storedDataInputSchema = z
  .record(
    sheetKeySchema,
    z
      .record(sheetKeySchema, formValueInputSchema)
      .refine((values) => Object.keys(values).length <= LIMITS.sheetValuesPerSheet, 'VALIDATION.TooLong'),
  )
  .refine((sheets) => Object.keys(sheets).length <= LIMITS.sheetCount, 'VALIDATION.TooLong');

const controlCache = new WeakMap<object, Control[]>();

/** Every control of a sheet, children's controls included, in display order. */
export function controlsOf(sheet: { sections: Section[] }): Control[] {
  const cached = controlCache.get(sheet);
  if (cached) return cached;
  const out: Control[] = [];
  const walk = (section: Section) => {
    if (section.childrenTop) section.children?.forEach(walk);
    out.push(...section.controls);
    if (!section.childrenTop) section.children?.forEach(walk);
  };
  sheet.sections.forEach(walk);
  controlCache.set(sheet, out);
  return out;
}

/** The unit of a number control in the reader's language. */
export function unitText(unit: string | LocalText | undefined, lang: keyof LocalText): string {
  if (!unit) return '';
  return typeof unit === 'string' ? unit : unit[lang];
}
