import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversionError, convertIfcToFragments, defaultConversionLimits } from './fragments-convert';

/** A fixture's path and size, as the conversion queue passes them. */
const fixture = (name: string): [string, number] => {
  const file = path.resolve(import.meta.dirname, '../../seed/fixtures', name);
  return [file, statSync(file).size];
};
const scratch = mkdtempSync(path.join(os.tmpdir(), 'fragments-test-'));
const written = (name: string, text: string): [string, number] => {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  return [file, statSync(file).size];
};

async function failure(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (err) {
    if (err instanceof ConversionError) return err.reason;
    throw err;
  }
  return 'converted';
}

/** The IFC → fragments conversion for the viewer runs in a worker with a time, heap and size limit. */
describe('IFC to fragments conversion (worker thread)', () => {
  it('converts the IfcOpenHouse model', async () => {
    const fragments = await convertIfcToFragments(...fixture('IfcOpenHouse_IFC4.ifc'));
    expect(fragments.byteLength).toBeGreaterThan(1000);
  }, 60_000);

  it('refuses what is not IFC, and a file over the size limit, without a worker', async () => {
    expect(await failure(convertIfcToFragments(...written('model.ifc', '%PDF-1.7 kein Modell')))).toBe(
      'VIEWER.Conversion.Failed.Unreadable',
    );
    const limits = { ...defaultConversionLimits, maxInputBytes: 1000 };
    expect(await failure(convertIfcToFragments(...fixture('IfcOpenHouse_IFC4.ifc'), limits))).toBe(
      'VIEWER.Conversion.Failed.TooLarge',
    );
  });

  it('ends the worker at the time limit and at the heap limit', async () => {
    const slow = { ...defaultConversionLimits, timeoutMs: 50 };
    expect(await failure(convertIfcToFragments(...fixture('AC20-FZK-Haus.ifc'), slow))).toBe(
      'VIEWER.Conversion.Failed.Timeout',
    );
    const small = { ...defaultConversionLimits, maxHeapMb: 4 };
    expect(await failure(convertIfcToFragments(...fixture('AC20-FZK-Haus.ifc'), small))).toBe(
      'VIEWER.Conversion.Failed.Memory',
    );
  }, 60_000);
});
