/**
 * The rules of a style sheet that can style a given piece of markup: a page's first screen carries
 * only those (src/server/platform/http/static-client.ts), the whole sheets follow with the app.
 *
 * A style rule is kept when one of its selectors names only classes the markup has; rules without
 * classes (elements, `:root`, attributes) are kept, as are at-rules other than the grouping ones
 * (`@media`, `@supports`, `@layer`, `@container`), whose own rules are sorted the same way. Selectors
 * of Mantine's dark colour scheme never match: the pages are rendered light. The result is a subset
 * of the sheet's text in its order, as postcss prints its nodes back (unchanged, except that a
 * `</style` inside a string comes escaped as `\3c /style`).
 */
import postcss, { type ChildNode } from 'postcss';

const GROUPING = /^(media|supports|layer|container)$/i;
const CLASS = /\.((?:[\w-]|\\.)+)/g;
const DARK = /data-mantine-color-scheme=["']?dark/;

/** A sheet prepared once: its rules with the classes each selector needs. */
export type PreparedSheet = { blocks: PreparedBlock[] };
type PreparedBlock =
  | { kind: 'keep'; text: string }
  /** Per selector the classes it needs; null for one that never matches. */
  | { kind: 'rule'; text: string; selectors: (string[] | null)[] }
  | { kind: 'group'; open: string; children: PreparedBlock[] };

/** Prepares a sheet (at start): parsed with postcss, whose nodes print back as the sheet wrote them. */
export function prepareSheet(css: string): PreparedSheet {
  return { blocks: prepareAll(postcss.parse(css).nodes) };
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

function prepareAll(nodes: ChildNode[]): PreparedBlock[] {
  return nodes.flatMap((node): PreparedBlock[] => {
    // Comments are dropped; a statement (`@import …;`) is kept with the semicolon its parent wrote.
    if (node.type === 'comment' || node.type === 'decl') return [];
    if (node.type === 'atrule') {
      if (!node.nodes) return [{ kind: 'keep', text: `${node.toString()};` }];
      if (!GROUPING.test(node.name)) return [{ kind: 'keep', text: node.toString() }];
      return [
        {
          kind: 'group',
          open: `@${node.name}${node.raws.afterName ?? ''}${node.params}${node.raws.between ?? ''}`,
          children: prepareAll(node.nodes),
        },
      ];
    }
    return [
      {
        kind: 'rule',
        text: node.toString(),
        selectors: node.selectors.map((selector) =>
          DARK.test(selector) ? null : [...outsideBrackets(selector).matchAll(CLASS)].map((m) => unescape(m[1] ?? '')),
        ),
      },
    ];
  });
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
  let quote: string | undefined;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '\\' && depth === 0) out += selector.slice(i, ++i + 1);
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** `a\:b` in a selector is the class `a:b`. */
function unescape(name: string): string {
  return name.replace(/\\(.)/g, '$1');
}
