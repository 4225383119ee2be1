import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  controlsOf,
  customComponents,
  sheetSchema,
  unknownComponents,
  type Control,
  type FormData,
  type Sheet,
} from './definition';
import {
  defaultValue,
  evaluate,
  fitsControl,
  fromStored,
  normalize,
  pathMatches,
  setValue,
  sheetsWithData,
  toStored,
} from './engine';
import { printModel } from './print';
import { countryCode, materialsOfSheets, sheetsFor } from './variants';

const t = (s: string) => ({ de: s, en: s, nl: s });

function sheet(name: string, controls: Control[], extra: Partial<Sheet> = {}): Sheet {
  return sheetSchema.parse({
    name,
    version: 1,
    label: t(name),
    sections: [{ name: 's', label: t('s'), controls }],
    ...extra,
  });
}

describe('validators', () => {
  const s = sheet('a', [
    { name: 'name', type: 'text', validators: { required: true } },
    { name: 'zip', type: 'text', validators: { pattern: '[0-9]{4} ?[A-Z]{2}' } },
    { name: 'g1', type: 'checkbox', group: 'g', validators: { requiredGroup: 'g' } },
    { name: 'g2', type: 'checkbox', group: 'g', validators: { requiredGroup: 'g' } },
    { name: 'height', type: 'number', validators: { required: true }, unit: 'm' },
  ]);

  it('required, pattern (empty passes) and requiredGroup', () => {
    const data = normalize([s], {});
    const e = evaluate([s], data);
    expect(e.isValid).toBe(false);
    expect(e.sheets.a?.controls.name?.error).toBe('required');
    expect(e.sheets.a?.controls.zip?.error).toBeNull();
    expect(e.sheets.a?.controls.g1?.error).toBe('requiredGroup');
    expect(e.sheets.a?.controls.height?.error).toBe('required');

    let d = setValue([s], data, 'a', 'zip', '5038 AB');
    d = setValue([s], d, 'a', 'name', 'Wohnpark');
    d = setValue([s], d, 'a', 'g2', true);
    d = setValue([s], d, 'a', 'height', 2.75);
    expect(evaluate([s], d).isValid).toBe(true);
    expect(evaluate([s], setValue([s], d, 'a', 'zip', '5038')).sheets.a?.controls.zip?.error).toBe('pattern');
    expect(evaluate([s], setValue([s], d, 'a', 'name', '   ')).sheets.a?.controls.name?.error).toBe('required');
  });

  it('checkboxes of a group exclude each other: the one just set wins', () => {
    let d = setValue([s], normalize([s], {}), 'a', 'g1', true);
    d = setValue([s], d, 'a', 'g2', true);
    expect(d.a).toMatchObject({ g1: false, g2: true });
  });
});

describe('custom components', () => {
  it('an unknown component name is reported and skipped: never an error, even when required', () => {
    const s = sheet('c', [
      { name: 'known', type: 'component', component: 'material-chips', validators: { required: true } },
      { name: 'odd', type: 'component', component: 'wind-load-map', validators: { required: true } },
    ]);
    expect(unknownComponents([s])).toEqual(['c.odd: wind-load-map']);
    const e = evaluate([s], normalize([s], {}));
    expect(e.sheets.c?.controls.odd?.error).toBeNull();
    expect(e.sheets.c?.controls.known?.error).toBe('required');
    const filled = normalize([s], { c: { known: ['aac'], odd: 'x' } });
    expect(evaluate([s], filled).isValid).toBe(true);
    expect(printModel([s], filled, 'en')[0]?.sections[0]?.rows.map((r) => r.value)).toEqual(['aac']);
  });

  it('the shipped definitions name only known components, and their defaults fit their controls', async () => {
    const { definitionFileSchema } = await import('./definition');
    const files = await Promise.all([
      import('./definitions/material-choice.json'),
      import('./definitions/supplier.json'),
    ]);
    for (const f of files) {
      const sheets = definitionFileSchema.parse(f.default).sheets;
      expect(unknownComponents(sheets)).toEqual([]);
      for (const c of sheets.flatMap((x) => controlsOf(x))) expect(fitsControl(c, defaultValue(c)), c.name).toBe(true);
    }
    expect(customComponents).toContain('delivery-schedule');
  });
});

describe('values sent by a client', () => {
  it('options and block-type cells must exist; made-up values fall back to the default', () => {
    const opts = [
      { value: 'aac', label: t('aac') },
      { value: 'cs', label: t('cs') },
    ];
    const s = sheet('v', [
      { name: 'kind', type: 'dropdown', options: opts, validators: { required: true } },
      { name: 'many', type: 'component', component: 'material-chips', multi: true, options: opts },
      { name: 'blocks', type: 'component', component: 'block-types', validators: { required: true } },
    ]);
    const made = normalize([s], { v: { kind: 'gold', many: ['aac', 'gold'], blocks: ['L70:cs20', 'XYZ:cs12'] } });
    expect(made.v).toEqual({ kind: '', many: [], blocks: null });
    expect(evaluate([s], made).isValid).toBe(false);
    const real = normalize([s], { v: { kind: 'cs', many: ['aac', 'cs'], blocks: ['L70:cs12'] } });
    expect(real.v).toEqual({ kind: 'cs', many: ['aac', 'cs'], blocks: ['L70:cs12'] });
    expect(evaluate([s], real).isValid).toBe(true);
  });
});

describe('activation', () => {
  const general = sheet('xde-general', [
    { name: 'materials', type: 'component', component: 'material-chips', multi: true },
    { name: 'crane', type: 'checkbox' },
    { name: 'craneLoad', type: 'number', activeIf: 'crane', validators: { required: true }, value: 5 },
    {
      name: 'basement',
      type: 'text',
      activationPaths: ["$['xde-general'].materials[?(@ === 'aac')]"],
      validators: { required: true },
    },
  ]);
  const aac = sheet('xde-aac', [{ name: 'thickness', type: 'number', validators: { required: true } }], {
    activationPaths: ["$['xde-general'].materials[?(@ === 'aac')]"],
  });
  const lintel = sheet('xde-lintel', [{ name: 'count', type: 'number' }], {
    activationPaths: ["$['xde-general'].materials[?(@ === 'lintel')]"],
  });
  const all = [general, aac, lintel];

  it('activeIf enables a control only while its checkbox is true; a disabled control is reset and valid', () => {
    let d = normalize(all, {});
    expect(evaluate(all, d).sheets['xde-general']?.controls.craneLoad).toEqual({ active: false, error: null });
    d = setValue(all, d, 'xde-general', 'crane', true);
    d = setValue(all, d, 'xde-general', 'craneLoad', null);
    expect(evaluate(all, d).sheets['xde-general']?.controls.craneLoad?.error).toBe('required');
    d = setValue(all, d, 'xde-general', 'craneLoad', 12);
    d = setValue(all, d, 'xde-general', 'crane', false);
    expect(d['xde-general']?.craneLoad).toBe(5);
  });

  it('sheets and controls follow their activation paths', () => {
    let d = normalize(all, {});
    let e = evaluate(all, d);
    expect(e.sheets['xde-aac']?.active).toBe(false);
    expect(e.isValid).toBe(true);
    expect(materialsOfSheets(all, d)).toEqual([]);
    d = setValue(all, d, 'xde-general', 'materials', ['aac', 'lintel']);
    e = evaluate(all, d);
    expect(e.sheets['xde-aac']?.active).toBe(true);
    expect(e.sheets['xde-general']?.controls.basement?.error).toBe('required');
    expect(e.isValid).toBe(false);
    expect(materialsOfSheets(all, d)).toEqual(['aac', 'lintel']);
    d = setValue(all, d, 'xde-general', 'basement', 'nein');
    d = setValue(all, d, 'xde-aac', 'thickness', 24);
    expect(evaluate(all, d).isValid).toBe(true);
    // Dropping the material disables its control again and resets it.
    d = setValue(all, d, 'xde-general', 'materials', ['lintel']);
    expect(d['xde-general']?.basement).toBe('');
    expect(evaluate(all, d).isValid).toBe(true);
  });

  it('an unmatched or malformed-looking query does not match, and no query runs code', () => {
    expect(pathMatches('$.nothing', {})).toBe(false);
    expect(pathMatches('$.a.b', { a: { b: false } })).toBe(false);
    expect(() => pathMatches("$[?(@.constructor.constructor('return process')())]", { a: { b: 1 } })).toThrow();
  });

  it('prints only sheets that have data', () => {
    let d = normalize(all, {});
    expect(sheetsWithData(all, d).map((s) => s.name)).toEqual([]);
    d = setValue(all, d, 'xde-general', 'materials', ['aac']);
    expect(sheetsWithData(all, d).map((s) => s.name)).toEqual(['xde-general']);
  });
});

describe('versions', () => {
  it('loads data saved under an older version: kept where the control still fits, defaults elsewhere', () => {
    const v2 = sheet('a', [
      { name: 'kept', type: 'text' },
      { name: 'retyped', type: 'number' },
      { name: 'added', type: 'checkbox', value: true },
    ]);
    const old = { _versions: { a: 1 }, a: { kept: 'x', retyped: 'was text', removed: 'y' } };
    const d = fromStored([v2], old);
    expect(d.a).toEqual({ kept: 'x', retyped: null, added: true });
    expect(toStored([{ ...v2, version: 2 }], d)._versions).toEqual({ a: 2 });
  });
});

describe('supplier sheet sets', () => {
  const s = (n: string) => sheet(n, []);
  const file = {
    variant: 'supplier' as const,
    sheets: [s('ccl-general'), s('ccl-nl'), s('ccl-nl-brick'), s('ccl-de')],
    sets: { nl: ['ccl-general', 'ccl-nl'], 'nl-alt': ['ccl-general', 'ccl-nl-brick'], de: ['ccl-general', 'ccl-de'] },
  };
  it('selects by country code and brick assortment', () => {
    expect(countryCode('D')).toBe('de');
    expect(countryCode('b')).toBe('be');
    expect(countryCode('xx')).toBeNull();
    const names = (country: string | null, brick: string | null) =>
      sheetsFor(file, { country, brickAssortment: brick }).sheets.map((x) => x.name);
    expect(names('nl', null)).toEqual(['ccl-general', 'ccl-nl']);
    expect(names('nl', 'true')).toEqual(['ccl-general', 'ccl-nl-brick']);
    expect(names('d', 'true')).toEqual(['ccl-general', 'ccl-de']);
    expect(names('fr', null)).toEqual(['ccl-general', 'ccl-nl']);
  });
});

// ---- Properties over random definitions and data ------------------------------------------------

const controlNames = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'];
const arbControl = (i: number): fc.Arbitrary<Control> =>
  fc
    .record({
      type: fc.constantFrom('checkbox', 'number', 'text', 'textarea', 'dropdown', 'radio'),
      required: fc.boolean(),
      pattern: fc.option(fc.constantFrom('[a-z]+', '[0-9]{2}', '.*'), { nil: undefined }),
      group: fc.option(fc.constantFrom('g', 'h'), { nil: undefined }),
      requiredGroup: fc.option(fc.constantFrom('g', 'h'), { nil: undefined }),
      activeIf:
        i === 0 ? fc.constant(undefined) : fc.option(fc.constantFrom(...controlNames.slice(0, i)), { nil: undefined }),
      path: fc.option(fc.constantFrom('$.s.c0', '$.s.c1', "$.s[?(@ === 'a')]"), { nil: undefined }),
      readonly: fc.boolean(),
    })
    .map((r) => ({
      name: present(controlNames[i]),
      type: r.type,
      validators: { required: r.required, pattern: r.pattern, requiredGroup: r.requiredGroup },
      ...(r.type === 'checkbox' && r.group ? { group: r.group } : {}),
      ...(r.activeIf && i > 0 ? { activeIf: r.activeIf } : {}),
      ...(r.path ? { activationPaths: [r.path] } : {}),
      ...(r.readonly ? { readonly: true } : {}),
      ...(r.type === 'dropdown' || r.type === 'radio'
        ? { options: ['a', '12'].map((value) => ({ value, label: t(value) })) }
        : {}),
    }));

function present<T>(v: T | undefined): T {
  if (v === undefined) throw new Error('missing');
  return v;
}

const arbSheet: fc.Arbitrary<Sheet> = fc
  .integer({ min: 1, max: controlNames.length })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbControl(i))))
  .map((controls) => sheet('s', controls));

const arbValue = fc.oneof(fc.boolean(), fc.integer(), fc.constantFrom('', 'a', '12', 'abc', ' '), fc.constant(null));
const arbData = fc.dictionary(fc.constantFrom(...controlNames, 'stray'), arbValue).map((s): FormData => ({ s }));

describe('properties', () => {
  it('normalising is idempotent, keeps shapes, and leaves at most one checkbox of a group set', () => {
    fc.assert(
      fc.property(arbSheet, arbData, (s, data) => {
        const once = normalize([s], data);
        expect(normalize([s], once)).toEqual(once);
        for (const c of controlsOf(s)) expect(fitsControl(c, once.s?.[c.name])).toBe(true);
        for (const g of ['g', 'h']) {
          const set = controlsOf(s).filter((c) => c.group === g && once.s?.[c.name] === true);
          expect(set.length).toBeLessThanOrEqual(1);
        }
        expect(Object.keys(once.s ?? {})).not.toContain('stray');
      }),
      { numRuns: 300 },
    );
  });

  it('disabled controls hold their default and are valid; valid means no control has an error', () => {
    fc.assert(
      fc.property(arbSheet, arbData, (s, data) => {
        const d = normalize([s], data);
        const e = evaluate([s], d);
        const state = present(e.sheets.s);
        for (const c of controlsOf(s)) {
          const cs = present(state.controls[c.name]);
          if (!cs.active) {
            expect(cs.error).toBeNull();
            expect(d.s?.[c.name]).toEqual(defaultValue(c));
          }
          if (c.readonly) expect(cs.error).toBeNull();
        }
        const anyError = Object.values(state.controls).some((c) => c.error !== null);
        expect(e.isValid).toBe(!anyError);
      }),
      { numRuns: 300 },
    );
  });

  it('stored data round-trips through any version', () => {
    fc.assert(
      fc.property(arbSheet, arbData, (s, data) => {
        const d = normalize([s], data);
        expect(fromStored([s], toStored([s], d))).toEqual(d);
      }),
      { numRuns: 200 },
    );
  });
});
