/**
 * Validation time of the information sheet on each keystroke (budget < 5 ms): what the screen
 * runs per change — `setValue` (normalise: exclusive groups, deactivation) plus `evaluate`
 * (activation paths, validators) over the whole sheet set — for every set of both tenants; the
 * largest set is reported against the budget.
 *
 * Run: npx tsx scripts/bench/questionnaire.ts
 */
import { performance } from 'node:perf_hooks';
import materialChoice from '../../src/shared/questionnaire/definitions/material-choice.json';
import supplier from '../../src/shared/questionnaire/definitions/supplier.json';
import { controlsOf, definitionFileSchema, type FormData, type Sheet } from '../../src/shared/questionnaire/definition';
import { evaluate, normalize, setValue } from '../../src/shared/questionnaire/engine';
import { sheetsFor } from '../../src/shared/questionnaire/variants';

const BUDGET_MS = 5;
const KEYSTROKES = 2000;

function measure(label: string, sheets: Sheet[], start: FormData) {
  // The text control typed into: the first text control of the first sheet.
  const target = sheets.flatMap((s) => controlsOf(s).map((c) => ({ s, c }))).find(({ c }) => c.type === 'text');
  if (!target) throw new Error('no text control');
  let data = normalize(sheets, start);
  const word = 'Bauleitung Nord 0123456789 ';
  for (let i = 0; i < 200; i++)
    evaluate(sheets, setValue(sheets, data, target.s.name, target.c.name, word.slice(0, i % 20)));
  const times: number[] = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    const t0 = performance.now();
    data = setValue(sheets, data, target.s.name, target.c.name, word.repeat(3).slice(0, (i % 60) + 1));
    evaluate(sheets, data);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const controls = sheets.reduce((n, s) => n + controlsOf(s).length, 0);
  return { label, sheets: sheets.length, controls, median: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

const mc = definitionFileSchema.parse(materialChoice);
const sup = definitionFileSchema.parse(supplier);
const rows = [
  measure('material-choice, all materials', mc.sheets, {
    'xde-general': { materials: ['aac', 'lintel', 'cs'], crane: true, fireWall: true },
  }),
  ...Object.keys(sup.sets ?? {}).map((key) => {
    const [country, alt] = key.split('-');
    const { sheets } = sheetsFor(sup, { country: country ?? 'nl', brickAssortment: alt ? 'true' : null });
    return measure(`supplier ${key}`, sheets, { 'ccl-site': { permitNeeded: true } });
  }),
];
for (const r of rows) {
  console.log(
    `${r.label.padEnd(32)} ${String(r.sheets).padStart(2)} sheets ${String(r.controls).padStart(3)} controls  median ${r.median.toFixed(3)} ms  p95 ${r.p95.toFixed(3)} ms  p99 ${r.p99.toFixed(3)} ms  max ${r.max.toFixed(3)} ms`,
  );
}
const largest = rows.reduce((a, b) => (b.controls > a.controls ? b : a));
const ok = largest.p99 < BUDGET_MS;
console.log(
  `largest set: ${largest.label} (${largest.controls} controls), p99 ${largest.p99.toFixed(3)} ms — budget ${BUDGET_MS} ms ${ok ? 'met' : 'MISSED'}`,
);
process.exitCode = ok ? 0 : 1;
