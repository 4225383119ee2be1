/**
 * Whether a validation pattern runs in bounded time on every input up to a maximum length.
 * JavaScript's regular expressions backtrack and cannot be interrupted, so a pattern such as
 * `(a+)+$` or a quadratic e-mail check blocks the server for seconds on a crafted value. A pattern
 * is refused when it nests quantifiers, or when its worst case found by trying adversarial inputs
 * (a prefix, a repeated unit of characters the pattern takes, a failing end) exceeds the budget.
 */

/** The time one test of a value of the maximum length may take. */
export const PATTERN_BUDGET_MS = 5;

export type PatternVerdict = { safe: true } | { safe: false; reason: 'nested' | 'slow'; input?: string };

/** The anchored form a pattern is tested in (as the sheet's validators test it). */
export const anchored = (source: string) => new RegExp(`^(?:${source})$`, 'u');

/**
 * A quantified group that itself holds a quantifier (`(a+)+`, `(\w*x?)*`, `(a|b+){2,}`): the shape
 * of catastrophic backtracking. Character classes and escapes are skipped; bounded repetition
 * `{n}` / `{0,1}` of the group is harmless.
 */
export function hasNestedQuantifier(source: string): boolean {
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      continue;
    }
    if (c === '(') {
      stack.push(false);
      continue;
    }
    const quantifier = quantifierAt(source, i);
    if (c === ')') {
      const innerQuantified = stack.pop() ?? false;
      const after = quantifierAt(source, i + 1);
      if (after && after.repeats && innerQuantified) return true;
      // The group as a whole counts as quantified content of its parent when it repeats or holds repetition.
      if (stack.length > 0 && (innerQuantified || after?.repeats)) stack[stack.length - 1] = true;
      continue;
    }
    if (quantifier?.repeats && stack.length > 0) stack[stack.length - 1] = true;
  }
  return false;
}

/** A quantifier starting at `i`: whether it lets its atom repeat more than once. */
function quantifierAt(source: string, i: number): { repeats: boolean } | null {
  const c = source[i];
  if (c === '+' || c === '*') return { repeats: true };
  if (c === '?') return { repeats: false };
  if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24));
    if (!m) return null;
    if (!m[2]) return { repeats: Number(m[1]) > 1 };
    return { repeats: m[3] === '' || Number(m[3]) > 1 };
  }
  return null;
}

/** Characters the pattern names itself, plus a few of each kind classes usually take. */
function alphabetOf(source: string): string[] {
  const named = new Set<string>();
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1];
      if (next && !/[a-zA-Z0-9]/.test(next)) named.add(next);
      i++;
    } else if (!'^$()[]{}|?*+\\'.includes(c)) named.add(c);
  }
  // At most 12 in all (the candidates grow with its square): the pattern's own first.
  return [...new Set([...[...named].slice(0, 6), 'a', 'Z', '0', ' ', '.', '@', '-'])].slice(0, 12);
}

type Candidate = { prefix: string; unit: string; suffix: string };

function build(c: Candidate, length: number): string {
  const room = Math.max(0, length - c.prefix.length - c.suffix.length);
  return c.prefix + c.unit.repeat(Math.ceil(room / c.unit.length)).slice(0, room) + c.suffix;
}

/** Milliseconds one test takes; when over the budget, the best of three (a pause elsewhere is not the pattern). */
function timed(re: RegExp, input: string, budget: number, attempts = 3): number {
  let best = Infinity;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const start = performance.now();
    re.test(input);
    best = Math.min(best, performance.now() - start);
    if (best <= budget) break;
  }
  return best;
}

/**
 * Adversarial inputs of a pattern: every prefix of up to two characters of its alphabet, each
 * unit of one or two characters repeated, and an end it cannot take (NUL, `@`, space).
 */
export function adversarialCandidates(source: string): Candidate[] {
  const alphabet = alphabetOf(source);
  const pairs = alphabet.flatMap((a) => alphabet.map((b) => a + b));
  const prefixes = ['', ...alphabet, ...pairs];
  const units = [...alphabet, ...pairs];
  const suffixes = ['\u0000', '@', ' '];
  const out: Candidate[] = [];
  for (const prefix of prefixes)
    for (const unit of units) for (const suffix of suffixes) out.push({ prefix, unit, suffix });
  return out;
}

/**
 * Whether a pattern is safe up to `maxLength` characters. All candidates are tried at short
 * lengths (where even exponential backtracking is quick), the slowest go on at growing lengths
 * up to the maximum; any test over the budget makes the pattern unsafe.
 */
export function checkPattern(source: string, maxLength: number, budgetMs = PATTERN_BUDGET_MS): PatternVerdict {
  if (hasNestedQuantifier(source)) return { safe: false, reason: 'nested' };
  return checkRegExp(anchored(source), maxLength, budgetMs);
}

/** The empirical part of `checkPattern` for a compiled expression, used as it is (schemas' own regexes). */
export function checkRegExp(re: RegExp, maxLength: number, budgetMs = PATTERN_BUDGET_MS): PatternVerdict {
  const source = re.source;
  re = new RegExp(re.source, re.flags.replace(/[gy]/g, ''));
  let candidates = adversarialCandidates(source);
  const lengths: number[] = [];
  for (let l = 16; l < maxLength; l = l < 64 ? l + 8 : Math.ceil(l * 1.25)) lengths.push(l);
  lengths.push(maxLength);
  for (const length of lengths) {
    const scored = candidates.map((c) => {
      const input = build(c, length);
      return { c, input, ms: timed(re, input, budgetMs) };
    });
    const slow = scored.find((s) => s.ms > budgetMs);
    if (slow) return { safe: false, reason: 'slow', input: slow.input };
    // Ranked at 64 characters, where a quadratic case already takes many times a linear one; the
    // best of three timings, so a pause elsewhere does not push the worst case out of the list.
    if (length >= 64 && candidates.length > 64)
      candidates = scored
        .map((s) => ({ ...s, ms: Math.min(s.ms, timed(re, s.input, 0, 2)) }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 64)
        .map((s) => s.c);
  }
  // Close to the budget and growing faster than the length: the next longer value would exceed it.
  for (const c of candidates) {
    const full = build(c, maxLength);
    const atMax = timed(re, full, 0, 5);
    if (atMax < budgetMs / 5) continue;
    const atHalf = Math.max(timed(re, build(c, Math.floor(maxLength / 2)), 0, 5), 1e-3);
    if (atMax / atHalf > 3) return { safe: false, reason: 'slow', input: full };
  }
  return { safe: true };
}
