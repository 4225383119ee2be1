import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversionError, convertIfcToFragments, defaultConversionLimits } from './fragments-convert';

const read = (name: string) =>
  new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../seed/fixtures', name)));

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
    const fragments = await convertIfcToFragments(read('IfcOpenHouse_IFC4.ifc'));
    expect(fragments.byteLength).toBeGreaterThan(1000);
  }, 60_000);

  it('refuses what is not IFC, and a file over the size limit, without a worker', async () => {
    expect(await failure(convertIfcToFragments(new TextEncoder().encode('%PDF-1.7 kein Modell')))).toBe(
      'VIEWER.Conversion.Failed.Unreadable',
    );
    const limits = { ...defaultConversionLimits, maxInputBytes: 1000 };
    expect(await failure(convertIfcToFragments(read('IfcOpenHouse_IFC4.ifc'), limits))).toBe(
      'VIEWER.Conversion.Failed.TooLarge',
    );
  });

  it('ends the worker at the time limit and at the heap limit', async () => {
    const slow = { ...defaultConversionLimits, timeoutMs: 50 };
    expect(await failure(convertIfcToFragments(read('AC20-FZK-Haus.ifc'), slow))).toBe(
      'VIEWER.Conversion.Failed.Timeout',
    );
    const small = { ...defaultConversionLimits, maxHeapMb: 4 };
    expect(await failure(convertIfcToFragments(read('AC20-FZK-Haus.ifc'), small))).toBe(
      'VIEWER.Conversion.Failed.Memory',
    );
  }, 60_000);
});
