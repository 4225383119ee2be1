/**
 * The second version of the FZK-Haus for the review of revised drawings, written with the same
 * STEP reading the server uses: the inner wall "Wand-Int-ERDG-4" moved 0.5 m along x, a new
 * column (with its own GlobalId, extruded geometry and the ground floor as its storey) added, and
 * the window "EG-Fenster-1" removed (its opening stays in the wall).
 * Made at seed time from the committed model, so no second 2.5 MB fixture is kept.
 */
export const MOVED_WALL = '2XPyKWY018sA1ygZKgQPtU';
export const ADDED_COLUMN = '1PlnPrtC0lumnAdded0001';
export const REMOVED_WINDOW = '1TAI4ouKX4Xx4lBDZIu5qM';

/**
 * An element taken out of a STEP text with what points at it: it leaves the lists that name it
 * among others, and the relationships that name only it go with it.
 */
export function removeElement(text: string, globalId: string): string {
  const line = new RegExp(`^(#\\d+)= IFC[A-Z]+\\('${globalId.replace(/\$/g, '\\$')}',.*$\\n?`, 'm').exec(text);
  if (!line) throw new Error(`FZK-Haus: element ${globalId} is missing`);
  const ref = line[1]!;
  const named = new RegExp(`${ref}(?![0-9])`);
  const kept: string[] = [];
  for (const l of text.replace(line[0], '').split('\n')) {
    if (!named.test(l)) {
      kept.push(l);
      continue;
    }
    const inList = l.replace(new RegExp(`\\((?:${ref},)|,${ref}(?=[,)])`, 'g'), (m) => (m.startsWith('(') ? '(' : ''));
    if (!named.test(inList)) kept.push(inList);
    else if (!/^#\d+= IFCREL[A-Z]*\(/.test(l)) throw new Error(`FZK-Haus: ${ref} is used by ${l.slice(0, 40)}`);
  }
  return kept.join('\n');
}

export function reviseFzkHaus(original: string): string {
  const ids = [...original.matchAll(/^#(\d+)\s*=/gm)].map((m) => Number(m[1]));
  let next = Math.max(...ids) + 1;
  const id = () => `#${next++}`;
  const lines: string[] = [];
  const add = (body: string) => {
    const ref = id();
    lines.push(`${ref}= ${body};`);
    return ref;
  };

  // The moved wall: a new placement point 0.5 m further along x (points may be shared, so not edited in place).
  const wall = new RegExp(
    `^(#\\d+)= IFCWALLSTANDARDCASE\\('${MOVED_WALL}',#\\d+,'[^']*',[^,]*,[^,]*,(#\\d+),`,
    'm',
  ).exec(original);
  if (!wall) throw new Error('FZK-Haus: the wall to move is missing');
  const placementId = wall[2]!;
  const placement = new RegExp(`^${placementId}= IFCLOCALPLACEMENT\\((#\\d+),(#\\d+)\\);`, 'm').exec(original);
  if (!placement) throw new Error('FZK-Haus: the wall placement is missing');
  const axes = new RegExp(`^${placement[2]}= IFCAXIS2PLACEMENT3D\\((#\\d+),([^,]+),([^)]+)\\);`, 'm').exec(original);
  if (!axes) throw new Error('FZK-Haus: the wall axes are missing');
  const point = new RegExp(`^${axes[1]}= IFCCARTESIANPOINT\\(\\(([^)]*)\\)\\);`, 'm').exec(original);
  if (!point) throw new Error('FZK-Haus: the wall point is missing');
  const [x = 0, y = 0, z = 0] = (point[1] ?? '').split(',').map(Number);
  const movedPoint = add(`IFCCARTESIANPOINT((${(x + 0.5).toFixed(3)},${y.toFixed(3)},${z.toFixed(3)}))`);
  const movedAxes = add(`IFCAXIS2PLACEMENT3D(${movedPoint},${axes[2]},${axes[3]})`);
  let text = original.replace(placement[0], `${placementId}= IFCLOCALPLACEMENT(${placement[1]},${movedAxes});`);

  // The added column: 0.3 × 0.3 m, as high as the ground floor, in the living room.
  const storey = /^(#\d+)= IFCBUILDINGSTOREY\('[^']*',(#\d+),'Erdgeschoss',[^,]*,[^,]*,(#\d+),/m.exec(text);
  const body = /^(#\d+)= IFCGEOMETRICREPRESENTATIONSUBCONTEXT\('Body','Model',/m.exec(text);
  if (!storey || !body) throw new Error('FZK-Haus: the ground floor or the body context is missing');
  const [, storeyId, ownerHistory, storeyPlacement] = storey;
  const origin = add('IFCCARTESIANPOINT((5.,5.,0.))');
  const zUp = add('IFCDIRECTION((0.,0.,1.))');
  const xDir = add('IFCDIRECTION((1.,0.,0.))');
  const columnAxes = add(`IFCAXIS2PLACEMENT3D(${origin},${zUp},${xDir})`);
  const columnPlacement = add(`IFCLOCALPLACEMENT(${storeyPlacement},${columnAxes})`);
  const profileCentre = add('IFCCARTESIANPOINT((0.,0.))');
  const profileAxes = add(`IFCAXIS2PLACEMENT2D(${profileCentre},$)`);
  const profile = add(`IFCRECTANGLEPROFILEDEF(.AREA.,'Stütze 30/30',${profileAxes},0.3,0.3)`);
  const solidOrigin = add('IFCCARTESIANPOINT((0.,0.,0.))');
  const solidAxes = add(`IFCAXIS2PLACEMENT3D(${solidOrigin},$,$)`);
  const solid = add(`IFCEXTRUDEDAREASOLID(${profile},${solidAxes},${zUp},2.5)`);
  const shape = add(`IFCSHAPEREPRESENTATION(${body[1]},'Body','SweptSolid',(${solid}))`);
  const product = add(`IFCPRODUCTDEFINITIONSHAPE($,$,(${shape}))`);
  const column = add(
    `IFCCOLUMN('${ADDED_COLUMN}',${ownerHistory},'Stütze-ERDG-1',$,$,${columnPlacement},${product},$,.COLUMN.)`,
  );
  add(`IFCRELCONTAINEDINSPATIALSTRUCTURE('1PlnPrtC0lumnContain001',${ownerHistory},$,$,(${column}),${storeyId})`);

  const end = text.lastIndexOf('ENDSEC;');
  text = `${text.slice(0, end)}${lines.join('\n')}\n${text.slice(end)}`;
  return removeElement(text, REMOVED_WINDOW);
}
