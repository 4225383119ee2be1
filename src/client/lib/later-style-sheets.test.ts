import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const core = path.join(root, 'node_modules/@mantine/core');
const imported = (file: string) =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/'@mantine\/core\/styles\/([\w-]+\.css)'/g)].map(
    (m) => m[1]!,
  );
const classesOf = (text: string) => new Set([...text.matchAll(/\bm_[0-9a-f]{6,8}\b/g)].map((m) => m[0]));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The modules of @mantine/core by the names its index exports. */
function coreExports(): Map<string, string> {
  const index = path.join(core, 'esm/index.mjs');
  const byName = new Map<string, string>();
  for (const [, names, from] of fs.readFileSync(index, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g))
    for (const name of names!.split(','))
      byName.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        path.resolve(path.dirname(index), from!),
      );
  return byName;
}

/**
 * The class names of every component of @mantine/core the app can render: the modules it imports
 * (by name from @mantine/core, and the other Mantine packages it imports whole), and everything they
 * import in turn. Each component's classes are in its `*.module.mjs`.
 */
function classesTheAppRenders(): Set<string> {
  const exports = coreExports();
  const start = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src/client'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g))
      for (const name of names!.split(',')) {
        const module = exports.get(
          name
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0]!,
        );
        if (module && !/^\s*type\s/.test(name)) start.add(module);
      }
    for (const [, pkg] of text.matchAll(/from\s*'@mantine\/(notifications|spotlight|dropzone|dates|modals|charts)'/g))
      start.add(path.join(root, 'node_modules/@mantine', pkg!, 'esm/index.mjs'));
  }
  const seen = new Set<string>();
  const classes = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    if (file.startsWith(core) && file.endsWith('.module.mjs')) for (const c of classesOf(text)) classes.add(c);
    for (const [, names, from] of text.matchAll(/import\s*(?:\{([^}]*)\}|[\w$]+)?\s*(?:from\s*)?"([^"]+)"/g)) {
      if (from!.startsWith('.')) visit(path.resolve(path.dirname(file), from!));
      else if (from === '@mantine/core' && names)
        for (const name of names.split(',')) {
          const module = exports.get(name.trim().split(/\s+as\s+/)[0]!);
          if (module) visit(module);
        }
    }
  };
  for (const file of start) visit(file);
  return classes;
}

describe("Mantine's styles in two sheets", () => {
  const first = imported('src/client/app/styles.ts');
  const later = imported('src/client/lib/later-style-sheets.ts');
  const css = (file: string) => fs.readFileSync(path.join(core, 'styles', file), 'utf8');
  const rendered = classesTheAppRenders();

  it('finds the components the app renders (the check below is not empty)', () => {
    // Button, Card and TextInput's Input are used everywhere.
    for (const [file, part] of [
      ['Button/Button.module.mjs', 'root'],
      ['Card/Card.module.mjs', 'root'],
      ['Input/Input.module.mjs', 'input'],
    ] as const) {
      const module = fs.readFileSync(path.join(core, 'esm/components', file), 'utf8');
      const name = new RegExp(`"${part}": "(m_[0-9a-f]+)"`).exec(module)?.[1];
      expect(rendered.has(name ?? '')).toBe(true);
    }
  });

  it('import the styles of every component the app renders, each once', () => {
    const both = [...first, ...later];
    expect(new Set(both).size).toBe(both.length);
    const styled = classesOf(both.map(css).join('\n'));
    expect([...rendered].filter((c) => !styled.has(c))).toEqual([]);
  });

  it('import no styles of a component the app does not render (its rules would be parsed on every page)', () => {
    const unused = [...first, ...later].filter((file) => {
      const classes = classesOf(css(file));
      return classes.size > 0 && ![...classes].some((c) => rendered.has(c));
    });
    expect(unused).toEqual([]);
  });
});
