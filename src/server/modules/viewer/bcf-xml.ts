import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';

/** The XML of BCF files: writing, reading without trusting, and the small readers of values. */

/** Why an archive is refused; each has a translated message (VIEWER.Bcf.Errors.*). */
export type BcfProblem = 'NotZip' | 'TooLarge' | 'NoVersion' | 'Version' | 'BrokenXml' | 'Invalid' | 'TooMany';
export class BcfError extends Error {
  constructor(readonly problem: BcfProblem) {
    super(problem);
  }
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
  processEntities: true,
});
export const xml = (root: Record<string, unknown>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(root) as string}`;

export const vector = ([x, y, z]: readonly number[]) => ({ X: x, Y: y, Z: z });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) =>
    [
      'Comment',
      'ViewPoint',
      'Component',
      'DocumentReference',
      'Topic',
      'Line',
      'ClippingPlane',
      'Labels',
      'Label',
    ].includes(name),
});

export type Node = Record<string, unknown>;

/** Well-formed XML without a DOCTYPE (no entity definitions, no external references). */
export function parseXml(text: string): Node {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new BcfError('BrokenXml');
  if (XMLValidator.validate(text) !== true) throw new BcfError('BrokenXml');
  try {
    return parser.parse(text) as Node;
  } catch {
    throw new BcfError('BrokenXml');
  }
}

export const node = (v: unknown): Node | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
export const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node).filter((n): n is Node => !!n) : []);
export const str = (v: unknown): string | null => {
  if (Array.isArray(v)) return str(v[0]);
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  const n = node(v);
  return n && typeof n['#text'] === 'string' ? n['#text'].trim() || null : null;
};

const guidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const bcfGuid = z.string().regex(guidPattern);
export const date = (v: unknown): Date | null => {
  const s = str(v);
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};

export const num = (v: unknown) => {
  const s = str(v);
  const n = s === null ? NaN : Number(s);
  if (!Number.isFinite(n)) throw new BcfError('Invalid');
  return n;
};
export const readVector = (v: unknown): [number, number, number] => {
  const n = node(v);
  if (!n) throw new BcfError('Invalid');
  return [num(n.X), num(n.Y), num(n.Z)];
};
