import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/server/platform/db/migration-index';
import { indexFile, migrationNames, renderIndex } from './lib/migration-index.mjs';

describe('migration index', () => {
  it('registers every file in the migrations folder, and nothing else (run `npm run db:index`)', () => {
    expect(Object.keys(migrations).sort()).toEqual(migrationNames());
    expect(readFileSync(indexFile, 'utf8')).toBe(renderIndex());
  });

  it('gives every registered migration an up step', () => {
    for (const [name, migration] of Object.entries(migrations)) {
      expect(typeof migration.up, name).toBe('function');
    }
  });

  it('would notice a file that is not registered', () => {
    const withNewFile = renderIndex([...migrationNames(), '999-probe']);
    expect(withNewFile).not.toBe(readFileSync(indexFile, 'utf8'));
    expect(withNewFile).toContain(`'999-probe': m999_probe,`);
  });
});
