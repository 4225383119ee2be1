/**
 * The model tree of an IFC file (STEP text): the building storeys (FLOOR) and the walls (WALL) they
 * contain, with GlobalId and name. Only the few entities needed are read, so a large model parses in
 * one pass without a geometry kernel. Runs inside the model-tree worker, never on the event loop.
 */
export type ModelTree = { type: string; globalid?: string; name: string; children: ModelTree[] };

const wallTypes = new Set(['IFCWALL', 'IFCWALLSTANDARDCASE', 'IFCWALLELEMENTEDCASE', 'IFCCURTAINWALL']);
const wanted = new Set([...wallTypes, 'IFCBUILDINGSTOREY', 'IFCRELCONTAINEDINSPATIALSTRUCTURE']);

/** Splits the top-level arguments of a STEP record, respecting strings ('' escapes) and nested lists. */
export function splitArguments(text: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "'") {
        if (text[i + 1] === "'") i++;
        else inString = false;
      }
      continue;
    }
    if (c === "'") inString = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  args.push(text.slice(start).trim());
  return args;
}

/** A STEP string literal as text: quotes removed, `''` and the \X2\…\X0\, \X\hh and \S\ encodings decoded. */
export function decodeStepString(literal: string | undefined): string {
  if (!literal || literal === '$' || !literal.startsWith("'")) return '';
  return literal
    .slice(1, -1)
    .replace(/''/g, "'")
    .replace(/\\X2\\([0-9A-F]+)\\X0\\/gi, (_, hex: string) =>
      String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))),
    )
    .replace(/\\X\\([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\S\\(.)/g, (_, c: string) => String.fromCharCode(c.charCodeAt(0) + 128));
}

const refs = (list: string | undefined) => (list?.match(/#\d+/g) ?? []).map((r) => Number(r.slice(1)));

export function parseModelTree(text: string, name: string): ModelTree {
  const storeys = new Map<number, { globalid: string; name: string; elevation: number; order: number }>();
  const walls = new Map<number, { globalid: string; name: string }>();
  const contained: { storey: number; elements: number[] }[] = [];
  const record = /#(\d+)\s*=\s*([A-Z0-9_]+)\s*\(([\s\S]*?)\)\s*;\s*(?=#\d+\s*=|ENDSEC)/g;
  const data = text.slice(Math.max(0, text.indexOf('DATA;')));
  for (let m = record.exec(data); m !== null; m = record.exec(data)) {
    const [, idText = '', type = '', body = ''] = m;
    if (!wanted.has(type)) continue;
    const id = Number(idText);
    const args = splitArguments(body);
    if (type === 'IFCBUILDINGSTOREY') {
      const elevation = Number(args[9]);
      storeys.set(id, {
        globalid: decodeStepString(args[0]),
        name: decodeStepString(args[2]) || decodeStepString(args[7]),
        elevation: Number.isFinite(elevation) ? elevation : 0,
        order: storeys.size,
      });
    } else if (type === 'IFCRELCONTAINEDINSPATIALSTRUCTURE') {
      contained.push({ storey: refs(args[5])[0] ?? 0, elements: refs(args[4]) });
    } else {
      walls.set(id, { globalid: decodeStepString(args[0]), name: decodeStepString(args[2]) });
    }
  }
  const floors = [...storeys.entries()]
    .sort(([, a], [, b]) => a.elevation - b.elevation || a.order - b.order)
    .map(([id, storey]) => ({
      type: 'FLOOR',
      globalid: storey.globalid,
      name: storey.name,
      children: contained
        .filter((c) => c.storey === id)
        .flatMap((c) => c.elements)
        .map((e) => walls.get(e))
        .filter((w): w is { globalid: string; name: string } => w !== undefined)
        .map((w) => ({ type: 'WALL', globalid: w.globalid, name: w.name, children: [] })),
    }));
  return { type: 'MODEL', name, children: floors };
}
