/**
 * The rules of a style sheet that can style a given piece of markup: a page's first screen carries
 * only those (src/server/platform/http/static-client.ts), the whole sheets follow with the app.
 *
 * A style rule is kept when one of its selectors names only classes the markup has; rules without
 * classes (elements, `:root`, attributes) are kept, as are at-rules other than the grouping ones
 * (`@media`, `@supports`, `@layer`, `@container`), whose own rules are sorted the same way. Selectors
 * of Mantine's dark colour scheme never match: the pages are rendered light. The result is a subset
 * of the sheet's text in its order: nothing is rewritten.
 */

type Block = { prelude: string; body: string | null; text: string };

const GROUPING = /^@(media|supports|layer|container)\b/i;
const CLASS = /\.((?:[\w-]|\\.)+)/g;
const DARK = /data-mantine-color-scheme=["']?dark/;

/** A sheet prepared once: its rules with the classes each selector needs. */
export type PreparedSheet = { blocks: PreparedBlock[] };
type PreparedBlock =
  | { kind: 'keep'; text: string }
  /** Per selector the classes it needs; null for one that never matches. */
  | { kind: 'rule'; text: string; selectors: (string[] | null)[] }
  | { kind: 'group'; open: string; children: PreparedBlock[] };

export function prepareSheet(css: string): PreparedSheet {
  return { blocks: split(css).map(prepare) };
}

/** The text of the sheet's rules that the markup's classes can match. */
export function usedCss(sheet: PreparedSheet, classes: ReadonlySet<string>): string {
  return sheet.blocks.map((b) => emit(b, classes)).join('');
}

/** Every class the markup names in a `class` attribute. */
export function markupClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  return classes;
}

function prepare(block: Block): PreparedBlock {
  if (block.body === null) return { kind: 'keep', text: block.text };
  const prelude = block.prelude.trim();
  if (prelude.startsWith('@')) {
    if (!GROUPING.test(prelude)) return { kind: 'keep', text: block.text };
    return { kind: 'group', open: block.prelude, children: split(block.body).map(prepare) };
  }
  return {
    kind: 'rule',
    text: block.text,
    selectors: splitTopLevel(prelude, ',').map((selector) =>
      DARK.test(selector) ? null : [...outsideBrackets(selector).matchAll(CLASS)].map((m) => unescape(m[1] ?? '')),
    ),
  };
}

function emit(block: PreparedBlock, classes: ReadonlySet<string>): string {
  switch (block.kind) {
    case 'keep':
      return block.text;
    case 'rule':
      return block.selectors.some((needed) => needed?.every((c) => classes.has(c))) ? block.text : '';
    case 'group': {
      const inner = block.children.map((b) => emit(b, classes)).join('');
      return inner ? `${block.open}{${inner}}` : '';
    }
  }
}

/**
 * The selector without what is inside parentheses, brackets and strings: a class in `:not(.x)` must
 * be missing, one in `:is(.a, .b)` is one of several, a dot in `[data-x="a.b"]` names no class.
 */
function outsideBrackets(selector: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '"' || ch === "'") {
      i = skipString(selector, i) - 1;
      continue;
    }
    if (ch === '\\' && depth === 0) {
      out += selector.slice(i, i + 2);
      i++;
      continue;
    }
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** `a\:b` in a selector is the class `a:b`. */
function unescape(name: string): string {
  return name.replace(/\\(.)/g, '$1');
}

/** The top-level blocks of a sheet (or of a grouping rule's body): statements and `prelude{body}`. */
function split(css: string): Block[] {
  const blocks: Block[] = [];
  let start = 0;
  let i = 0;
  while (i < css.length) {
    const ch = css[i];
    if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      // A comment between blocks is dropped; inside a prelude it stays part of it.
      if (css.slice(start, i).trim().startsWith('/*') && css.slice(start, i).trim().endsWith('*/')) start = i;
      continue;
    }
    if (ch === '"' || ch === "'") {
      i = skipString(css, i);
      continue;
    }
    if (ch === ';') {
      const text = css.slice(start, i + 1);
      if (text.trim()) blocks.push({ prelude: text, body: null, text });
      start = i + 1;
      i++;
      continue;
    }
    if (ch === '{') {
      const close = matching(css, i);
      blocks.push({ prelude: css.slice(start, i), body: css.slice(i + 1, close), text: css.slice(start, close + 1) });
      start = close + 1;
      i = close + 1;
      continue;
    }
    i++;
  }
  return blocks;
}

/** The index of the `}` closing the `{` at `open` (the end of the text when none does). */
function matching(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const ch = css[i];
    if (ch === '"' || ch === "'") i = skipString(css, i) - 1;
    else if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return css.length - 1;
}

/** The index after the string starting at `at`. */
function skipString(css: string, at: number): number {
  const quote = css[at];
  for (let i = at + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return i + 1;
  }
  return css.length;
}

/** `text` split at `separator` outside parentheses, brackets and strings. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") i = skipString(text, i) - 1;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
