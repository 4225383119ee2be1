import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDED_COLUMN, MOVED_WALL, REMOVED_WINDOW, removeElement, reviseFzkHaus } from '../../seed/revised-model';
import { diffModels, snapshotModel } from './model-diff-parse';

const fixtures = path.join(import.meta.dirname, '../../seed/fixtures');
const fzk = fs.readFileSync(path.join(fixtures, 'AC20-FZK-Haus.ifc'), 'latin1');

/** A tiny IFC4 model: two walls and a slab on one storey, with a property set on the first wall. */
function model(parts: {
  wallX?: number;
  secondWall?: boolean;
  slab?: boolean;
  fireRating?: string;
  door?: boolean;
  wallType?: string;
}) {
  const { wallX = 0, secondWall = true, slab = true, fireRating = 'F90', door = false, wallType = 'IFCWALL' } = parts;
  return `ISO-10303-21;
HEADER;
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#1= IFCOWNERHISTORY($,$,$,.ADDED.,$,$,$,0);
#2= IFCCARTESIANPOINT((0.,0.,0.));
#3= IFCDIRECTION((0.,0.,1.));
#4= IFCDIRECTION((1.,0.,0.));
#5= IFCAXIS2PLACEMENT3D(#2,#3,#4);
#6= IFCLOCALPLACEMENT($,#5);
#7= IFCBUILDINGSTOREY('0000000000000000Storey',#1,'EG',$,$,#6,$,$,.ELEMENT.,0.);
#10= IFCCARTESIANPOINT((${wallX.toFixed(1)},0.,0.));
#11= IFCAXIS2PLACEMENT3D(#10,#3,#4);
#12= IFCLOCALPLACEMENT(#6,#11);
#13= ${wallType}('00000000000000000Wall1',#1,'Wand 1',$,$,#12,$,'W1',$);
${secondWall ? "#14= IFCWALL('00000000000000000Wall2',#1,'Wand 2',$,$,#6,$,'W2',$);" : ''}
${slab ? "#15= IFCSLAB('000000000000000000Slab',#1,'Decke',$,$,#6,$,'S1',$);" : ''}
${door ? "#16= IFCDOOR('000000000000000000Door',#1,'Tür',$,$,#6,$,'D1',$,2.1,1.,$,$,$);" : ''}
#20= IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('${fireRating}'),$);
#21= IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(.T.),$);
#22= IFCPROPERTYSET('0000000000000000000Pset',#1,'Pset_WallCommon',$,(#20,#21));
#23= IFCRELDEFINESBYPROPERTIES('00000000000000000Rel01',#1,$,$,(#13),#22);
ENDSEC;
END-ISO-10303-21;
`;
}

describe('model differences by GlobalId', () => {
  it('finds nothing changed between the same model', () => {
    const diff = diffModels(model({}), model({}));
    expect(diff).toEqual({ added: [], removed: [], changed: [], unchanged: 3 });
  });

  it('counts added, removed and changed elements exactly', () => {
    const diff = diffModels(model({}), model({ wallX: 0.5, slab: false, door: true, fireRating: 'F30' }));
    expect(diff.added.map((e) => e.globalId)).toEqual(['000000000000000000Door']);
    expect(diff.removed.map((e) => e.globalId)).toEqual(['000000000000000000Slab']);
    expect(diff.changed.map((e) => e.globalId)).toEqual(['00000000000000000Wall1']);
    expect(diff.unchanged).toBe(1);
    expect(diff.changed[0]?.changes).toEqual([
      { kind: 'placement', name: 'Placement', before: '(0, 0, 0) x=(1, 0, 0)', after: '(0.5, 0, 0) x=(1, 0, 0)' },
      { kind: 'property', name: 'Pset_WallCommon.FireRating', before: 'F90', after: 'F30' },
    ]);
  });

  it('reports a changed entity type', () => {
    const diff = diffModels(model({}), model({ wallType: 'IFCWALLSTANDARDCASE' }));
    expect(diff.changed).toHaveLength(1);
    expect(diff.changed[0]?.changes[0]).toEqual({
      kind: 'type',
      name: 'Entity',
      before: 'IFCWALL',
      after: 'IFCWALLSTANDARDCASE',
    });
  });

  it('reads the FZK-Haus and its revision: one wall moved, one column added, one window removed', () => {
    const before = snapshotModel(fzk);
    expect(before.size).toBeGreaterThan(80);
    const diff = diffModels(fzk, reviseFzkHaus(fzk));
    expect(diff.added).toEqual([{ globalId: ADDED_COLUMN, type: 'IFCCOLUMN', name: 'Stütze-ERDG-1' }]);
    expect(diff.removed).toEqual([{ globalId: REMOVED_WINDOW, type: 'IFCWINDOW', name: 'EG-Fenster-1' }]);
    expect(diff.changed.map((e) => [e.globalId, e.changes.map((c) => c.kind)])).toEqual([[MOVED_WALL, ['placement']]]);
    expect(diff.unchanged).toBe(before.size - 2);
  });

  it('takes an element out with what points at it: lists lose it, relationships of it alone go', () => {
    const revised = reviseFzkHaus(fzk);
    expect(revised).not.toContain(`IFCWINDOW('${REMOVED_WINDOW}'`);
    expect(revised).not.toMatch(/#32829(?![0-9])/);
    // The opening it filled stays; the other windows keep their type.
    expect(revised).toMatch(
      /IFCRELDEFINESBYTYPE\('31QPwGMWOyYUCBBdm\$WKDM',#12,\$,\$,\(#23024,#32098,#33109,#33389\),#23269\)/,
    );
    expect(() => removeElement(revised, REMOVED_WINDOW)).toThrow(/missing/);
  });
});
