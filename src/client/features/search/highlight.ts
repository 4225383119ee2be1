/**
 * Where the words of a search term occur in a text, the way the server matches: case and accents
 * do not count, and German umlauts match when written out ("Arztehaus" and "Aerztehaus" both
 * mark "Ärztehaus"). Returns ranges over the original text, merged and sorted.
 */
export type Range = [start: number, end: number];

const umlauts: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };

function foldChar(c: string, writeOut: boolean): string {
  const lower = c.toLowerCase();
  if (writeOut && umlauts[lower]) return umlauts[lower];
  if (lower === 'ß') return 'ss';
  return lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The folded text and, for each folded character, the index of the original character. */
function fold(text: string, writeOut: boolean): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const f = foldChar(text.charAt(i), writeOut);
    folded += f;
    for (let k = 0; k < f.length; k++) origin.push(i);
  }
  return { folded, origin };
}

export function matchRanges(text: string, term: string): Range[] {
  const words = term
    .trim()
    .split(/\s+/)
    .map((w) => fold(w, false).folded)
    .filter((w) => w.length > 0);
  if (words.length === 0 || !text) return [];
  const ranges: Range[] = [];
  for (const variant of [fold(text, false), fold(text, true)]) {
    for (const word of words) {
      let from = 0;
      for (;;) {
        const at = variant.folded.indexOf(word, from);
        if (at < 0) break;
        const start = variant.origin[at] ?? 0;
        const end = (variant.origin[at + word.length - 1] ?? start) + 1;
        ranges.push([start, end]);
        from = at + word.length;
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}
