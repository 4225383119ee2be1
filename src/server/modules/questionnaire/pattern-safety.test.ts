import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { controlsOf, definitionFileSchema } from '../../../shared/questionnaire/definition';
import {
  anchored,
  checkPattern,
  checkRegExp,
  hasNestedQuantifier,
  PATTERN_BUDGET_MS,
} from '../../../shared/questionnaire/pattern-safety';
import { LIMITS } from '../../../shared/schemas/limits';
import { loadDefinition } from './definitions';

const root = join(__dirname, '..', '..', '..', '..');

/** Every validation pattern of every definition file (the shipped ones the demo seeds, too). */
function definitionPatterns(): { where: string; source: string }[] {
  const dir = join(root, 'src/shared/questionnaire/definitions');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      const json: unknown = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      const parsed = definitionFileSchema.safeParse(json);
      if (!parsed.success) return [];
      return parsed.data.sheets.flatMap((s) =>
        controlsOf(s).flatMap((c) =>
          c.validators?.pattern ? [{ where: `${f} ${s.name}.${c.name}`, source: c.validators.pattern }] : [],
        ),
      );
    });
}

// A regular-expression literal where an expression starts (after `=`, `(`, `,`, `:`, …).
const literal = /(?<=(?:[=(,:!&|?]|return)\s*)\/(?![/*])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+\/[dgimsuvy]*/g;

/** Every regular expression written in the shared schemas and shared modules (what request schemas test). */
function schemaRegExps(): { where: string; re: RegExp }[] {
  const out: { where: string; re: RegExp }[] = [];
  for (const dir of ['src/shared/schemas', 'src/shared', 'src/shared/rules']) {
    for (const f of readdirSync(join(root, dir))) {
      if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
      const text = readFileSync(join(root, dir, f), 'utf8');
      for (const m of text.matchAll(literal)) {
        const body = m[0];
        const end = body.lastIndexOf('/');
        out.push({
          where: `${dir}/${f} ${body.slice(0, 60)}`,
          re: new RegExp(body.slice(1, end), body.slice(end + 1)),
        });
      }
    }
  }
  return out;
}

const time = (re: RegExp, input: string) => {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    re.test(input);
    best = Math.min(best, performance.now() - start);
  }
  return best;
};

describe('validation patterns run in linear time', () => {
  it('finds the patterns it checks', () => {
    expect(definitionPatterns().length).toBeGreaterThanOrEqual(4);
    expect(schemaRegExps().length).toBeGreaterThanOrEqual(10);
  });

  it(
    `every definition pattern passes its worst case at the longest sheet value within ${PATTERN_BUDGET_MS} ms`,
    { timeout: 180_000 },
    () => {
      for (const { where, source } of definitionPatterns())
        expect(checkPattern(source, LIMITS.sheetValue), where).toEqual({ safe: true });
    },
  );

  it(
    'every regular expression of the shared schemas passes its worst case at the longest text',
    { timeout: 180_000 },
    () => {
      for (const { where, re } of schemaRegExps())
        expect(checkRegExp(re, LIMITS.comment), where).toEqual({ safe: true });
    },
  );

  it('the e-mail check of the sheet takes a worst-case value at the maximum length within the budget', () => {
    const email = definitionPatterns().find((p) => p.where.includes('mail'));
    expect(email).toBeDefined();
    const worst = `a@${'a.'.repeat((LIMITS.sheetValue - 3) / 2)}@`.slice(0, LIMITS.sheetValue);
    expect(time(anchored(email!.source), worst)).toBeLessThanOrEqual(PATTERN_BUDGET_MS);
    expect(anchored(email!.source).test('planung@example.com')).toBe(true);
    expect(anchored(email!.source).test('planung@example')).toBe(false);
    expect(anchored(email!.source).test('a@b@c.d')).toBe(false);
  });

  it('refuses the known unsafe shapes: nested quantifiers and a quadratic e-mail check', { timeout: 180_000 }, () => {
    expect(hasNestedQuantifier('(a+)+$')).toBe(true);
    expect(hasNestedQuantifier('([a-z]*x?)*')).toBe(true);
    expect(hasNestedQuantifier('(a|b+){2,}')).toBe(true);
    expect(hasNestedQuantifier('(0[1-9]|1[0-2])/20[0-9]{2}')).toBe(false);
    expect(hasNestedQuantifier('[(a+)+]')).toBe(false);
    expect(checkPattern('(a+)+$', LIMITS.sheetValue)).toMatchObject({ safe: false, reason: 'nested' });
    expect(checkPattern('(a|aa)*b', LIMITS.sheetValue)).toMatchObject({ safe: false, reason: 'slow' });
    // The sheet's former e-mail pattern: quadratic on `a@` + `a.`×k + `@`.
    expect(checkPattern('[^@\\s]+@[^@\\s]+\\.[^@\\s]+', LIMITS.sheetValue)).toMatchObject({
      safe: false,
      reason: 'slow',
    });
  });

  it('a definition with an unsafe pattern is refused when loaded, naming the control', () => {
    const file = {
      variant: 'supplier',
      sheets: [
        {
          name: 'contact',
          version: 1,
          label: { de: 'K', en: 'C', nl: 'C' },
          sections: [
            {
              name: 's',
              label: { de: 'S', en: 'S', nl: 'S' },
              controls: [{ name: 'mail', type: 'text', validators: { pattern: '([a-z]+)+@x' } }],
            },
          ],
        },
      ],
    };
    expect(() => loadDefinition(file)).toThrowError(
      expect.objectContaining({
        code: 'ValidationFailed',
        messages: [expect.objectContaining({ message: 'QUESTIONNAIRE.UnsafePattern', reference: 'contact.mail' })],
      }),
    );
    const safe = structuredClone(file);
    safe.sheets[0]!.sections[0]!.controls[0]!.validators.pattern = '[a-z]+@x';
    expect(loadDefinition(safe).sheets).toHaveLength(1);
  });
});
