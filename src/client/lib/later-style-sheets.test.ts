import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const imported = (file: string) =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/'@mantine\/core\/styles\/([\w-]+\.css)'/g)].map(
    (m) => m[1],
  );

describe("Mantine's styles in two sheets", () => {
  it('the first-screen and the later sheet together import every component style of @mantine/core, once', () => {
    const all = fs
      .readdirSync(path.join(root, 'node_modules/@mantine/core/styles'))
      .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'));
    const both = [...imported('src/client/app/styles.ts'), ...imported('src/client/lib/later-style-sheets.ts')];
    expect(new Set(both).size).toBe(both.length);
    expect([...both].sort()).toEqual([...all].sort());
  });
});
