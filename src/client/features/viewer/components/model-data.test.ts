import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { IfcImporter, SingleThreadedFragmentsModel } from '@thatopen/fragments';
import { beforeAll, describe, expect, it } from 'vitest';
import { categoriesOf, storeysOf } from './model-data';

const fixture = path.join(import.meta.dirname, '../../../../server/seed/fixtures/AC20-FZK-Haus.ifc');

describe('model panels: storeys and categories of a converted model', () => {
  let model: SingleThreadedFragmentsModel;
  beforeAll(async () => {
    const importer = new IfcImporter();
    importer.wasm = {
      absolute: true,
      path: path.dirname(createRequire(import.meta.url).resolve('web-ifc')) + path.sep,
    };
    const bytes = await importer.process({ bytes: new Uint8Array(fs.readFileSync(fixture)) });
    model = new SingleThreadedFragmentsModel('fzk', bytes);
  }, 120_000);

  it('lists both storeys of the FZK-Haus with the elements on them', async () => {
    const storeys = await storeysOf(model);
    expect(storeys.map((s) => s.label)).toEqual(['Erdgeschoss', 'Dachgeschoss']);
    const walls = (await model.getItemsOfCategories([/^IFCWALLSTANDARDCASE$/])).IFCWALLSTANDARDCASE ?? [];
    const ground = new Set(storeys[0]!.ids);
    expect(walls.filter((id) => ground.has(id)).length).toBeGreaterThan(0);
    expect(storeys.every((s) => s.ids.length > 0)).toBe(true);
  });

  it('lists only categories of elements with geometry', async () => {
    const labels = (await categoriesOf(model)).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['WALLSTANDARDCASE', 'DOOR', 'WINDOW', 'SLAB']));
    for (const none of ['MATERIAL', 'PROPERTYSET', 'SIUNIT', 'WALLTYPE', 'ELEMENTQUANTITY', 'SPACE']) {
      expect(labels).not.toContain(none);
    }
  });
});
