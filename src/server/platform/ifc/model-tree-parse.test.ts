import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeStepString, parseModelTree, splitArguments } from './model-tree-parse';

const fixtures = path.join(import.meta.dirname, '../../seed/fixtures');

describe('model tree from IFC', () => {
  it('reads the storeys of the FZK-Haus with their walls, GlobalIds and names', () => {
    const text = fs.readFileSync(path.join(fixtures, 'AC20-FZK-Haus.ifc'), 'latin1');
    const tree = parseModelTree(text, 'AC20-FZK-Haus.ifc');
    expect(tree.children.map((f) => [f.type, f.name])).toEqual([
      ['FLOOR', 'Erdgeschoss'],
      ['FLOOR', 'Dachgeschoss'],
    ]);
    const walls = tree.children.flatMap((f) => f.children);
    expect(walls.length).toBeGreaterThanOrEqual(13);
    expect(walls.every((w) => w.type === 'WALL' && /^[0-9A-Za-z_$]{22}$/.test(w.globalid ?? ''))).toBe(true);
    expect(tree.children[0]?.children).toContainEqual({
      type: 'WALL',
      globalid: '2XPyKWY018sA1ygZKgQPtU',
      name: 'Wand-Int-ERDG-4',
      children: [],
    });
  });

  it('reads the IFC4 house', () => {
    const text = fs.readFileSync(path.join(fixtures, 'IfcOpenHouse_IFC4.ifc'), 'latin1');
    const walls = parseModelTree(text, 'x').children.flatMap((f) => f.children.map((w) => w.name));
    expect(walls).toEqual(expect.arrayContaining(['South wall', 'North wall']));
  });

  it('splits arguments and decodes STEP strings', () => {
    expect(splitArguments("'a,b',#1,(#2,#3),'it''s',$")).toEqual(["'a,b'", '#1', '(#2,#3)', "'it''s'", '$']);
    expect(decodeStepString("'Au\\X2\\00DF\\X0\\enwand'")).toBe('Außenwand');
    expect(decodeStepString("'T\\S\\|r'")).toBe('Tür');
    expect(decodeStepString('$')).toBe('');
  });
});
