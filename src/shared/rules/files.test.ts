import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canUploadFiles, kindOfName, sanitizeFileName, zipEntryNames } from './files';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Names as users and browsers produce them: any text, with path parts, dots and control characters mixed in.
const wildName = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.constantFrom('/', '\\', '..', '.', ' ', '\u0000', '\n', '\u202e', 'C:', '~'),
      fc.constantFrom('.pdf', '.ifc', '.PDF', 'Grundriss', 'Ärztehaus', '計画'),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('sanitizeFileName (property)', () => {
  it('never leaves a path part, a control character or a leading/trailing dot', () => {
    fc.assert(
      fc.property(wildName, (raw) => {
        const name = sanitizeFileName(raw);
        if (name === null) return;
        expect(name).not.toMatch(/[/\\]/);
        expect(name).not.toMatch(CONTROL);
        expect(name).not.toMatch(/^[.\s]|[.\s]$/);
        expect(name.length).toBeLessThanOrEqual(200);
        expect(name).toMatch(/[\p{L}\p{N}]/u);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(wildName, (raw) => {
        const once = sanitizeFileName(raw);
        if (once !== null) expect(sanitizeFileName(once)).toBe(once);
      }),
    );
  });

  it('keeps ordinary names and the extension of long ones', () => {
    expect(sanitizeFileName('Grundriss EG.pdf')).toBe('Grundriss EG.pdf');
    expect(sanitizeFileName('C:\\Pläne\\..\\Schnitt A-A.dwg')).toBe('Schnitt A-A.dwg');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('....')).toBeNull();
    expect(sanitizeFileName('\u0001\u0002')).toBeNull();
    const long = sanitizeFileName(`${'a'.repeat(300)}.ifc`)!;
    expect(long.endsWith('.ifc')).toBe(true);
    expect(long.length).toBe(200);
    expect(kindOfName('Modell.IFC')).toBe('ifc');
    expect(kindOfName('foto.jpeg')).toBe('jpg');
    expect(kindOfName('tool.exe')).toBeNull();
  });
});

describe('zipEntryNames (property)', () => {
  const entry = fc.record({ unitNo: wildName, unitTitle: wildName, fileName: wildName });

  it('gives safe, unique (case-insensitively) names of the form folder/file', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        const names = zipEntryNames(entries);
        expect(names).toHaveLength(entries.length);
        expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
        for (const n of names) {
          const parts = n.split('/');
          expect(parts).toHaveLength(2);
          for (const p of parts) {
            expect(p).not.toBe('');
            expect(p).not.toBe('..');
            expect(p).not.toMatch(/^\./);
            expect(p).not.toMatch(/\\/);
            expect(p).not.toMatch(CONTROL);
          }
          expect(n).not.toMatch(/^\/|^[A-Za-z]:/);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('disambiguates duplicates before the extension', () => {
    const e = { unitNo: '2026-001-01', unitTitle: 'Haus A', fileName: 'Plan.pdf' };
    expect(zipEntryNames([e, e, { ...e, fileName: 'plan.PDF' }])).toEqual([
      '2026-001-01 - Haus A/Plan.pdf',
      '2026-001-01 - Haus A/Plan (2).pdf',
      '2026-001-01 - Haus A/plan (3).pdf',
    ]);
  });
});

describe('canUploadFiles', () => {
  const base = {
    isInternal: false,
    isMember: true,
    rootState: 'ProvideFiles',
    unitState: 'ProvideFiles',
    unitVariant: null,
  };
  it('follows the upload rule table', () => {
    expect(canUploadFiles(base)).toBe(true);
    expect(canUploadFiles({ ...base, isMember: false })).toBe(false);
    expect(canUploadFiles({ ...base, unitState: 'Finalized' })).toBe(false);
    expect(canUploadFiles({ ...base, unitState: 'Approved', isInternal: true })).toBe(true);
    expect(canUploadFiles({ ...base, rootState: 'Closed', isInternal: true })).toBe(false);
    expect(canUploadFiles({ ...base, rootState: 'Archived', isInternal: true })).toBe(false);
    expect(canUploadFiles({ ...base, unitVariant: 'lintel', isInternal: true })).toBe(false);
  });
});

describe('zip entry names that Windows can extract', () => {
  it('renames device names (CON, aux, nul, COM1, LPT9) with any extension or case, and keeps look-alikes', () => {
    const names = zipEntryNames(
      ['CON.pdf', 'aux.pdf', 'nul', 'Com1.tar.gz', 'lpt9 .txt', 'PRN', 'console.pdf', 'auxiliary.pdf', 'com10.pdf'].map(
        (fileName) => ({ unitNo: '2026-0001', unitTitle: 'Haus A', fileName }),
      ),
    ).map((n) => n.split('/')[1]);
    expect(names).toEqual([
      '_CON.pdf',
      '_aux.pdf',
      '_nul',
      '_Com1.tar.gz',
      '_lpt9 .txt',
      '_PRN',
      'console.pdf',
      'auxiliary.pdf',
      'com10.pdf',
    ]);
  });
});
