import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runIfcStructure } from './structure-runner';

const fixtures = path.resolve(import.meta.dirname, '../../seed/fixtures');
const read = (name: string) => path.join(fixtures, name);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'structure-test-'));
/** A scratch file with these bytes (the runner takes a path, as the service passes it). */
const written = (name: string, bytes: Uint8Array) => {
  const file = path.join(scratch, name);
  writeFileSync(file, bytes);
  return file;
};

/** The mapping of docs/ifc-structure.md on the two fixture models, through the worker thread. */
describe('IFC structure (worker thread)', () => {
  it('AC20-FZK-Haus: one building, Erdgeschoss and Dachgeschoss, with their wall volumes', async () => {
    const result = await runIfcStructure(read('AC20-FZK-Haus.ifc'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.structure.subProjects.map((s) => s.title)).toEqual(['FZK-Haus']);
    const lots = result.structure.subProjects[0]?.approvalLots ?? [];
    expect(lots.map((l) => l.title)).toEqual(['Erdgeschoss', 'Dachgeschoss']);
    // IfcWall quantities (NetVolume) summed per storey.
    expect(lots[0]?.wallVolume).toBeCloseTo(39.28, 1);
    expect(lots[1]?.wallVolume).toBeCloseTo(15.2, 1);
  }, 60_000);

  it('reports its steps in order while it reads: model, storeys, walls, volumes', async () => {
    const phases: string[] = [];
    const result = await runIfcStructure(read('IfcOpenHouse_IFC4.ifc'), undefined, (phase) => phases.push(phase));
    expect(result.ok).toBe(true);
    // The last step's message may arrive just after the result: wait a turn for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(phases).toEqual(['reading', 'storeys', 'walls', 'volumes']);
  }, 60_000);

  it('IfcOpenHouse (IFC4, unnamed building and storey, no quantities): fallback names, no volume', async () => {
    const result = await runIfcStructure(read('IfcOpenHouse_IFC4.ifc'));
    expect(result).toEqual({
      ok: true,
      structure: { subProjects: [{ title: 'Gebäude 1', approvalLots: [{ title: 'Geschoss 1', wallVolume: null }] }] },
    });
  }, 60_000);

  it('a file that is not IFC, and a broken model, are refused', async () => {
    expect(await runIfcStructure(written('pdf.ifc', new TextEncoder().encode('%PDF-1.7 nothing here')))).toEqual({
      ok: false,
      reason: 'notIfc',
    });
    // A model cut inside its header cannot be opened.
    const truncated = written('cut.ifc', readFileSync(read('IfcOpenHouse_IFC4.ifc')).subarray(0, 400));
    expect(await runIfcStructure(truncated)).toEqual({ ok: false, reason: 'notIfc' });
  }, 60_000);

  it('the time limit ends the worker', async () => {
    const result = await runIfcStructure(read('AC20-FZK-Haus.ifc'), {
      timeoutMs: 50,
      heapMb: 256,
      modelMemoryBytes: 1024 * 1024 * 1024,
    });
    expect(result).toEqual({ ok: false, reason: 'timeout' });
  }, 60_000);
});
