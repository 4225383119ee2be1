import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import {
  modelViewpointSchema,
  pdfMarkupSchema,
  type ModelViewpoint,
  type PdfMarkup,
  type TopicPriority,
  type TopicStatus,
  MAX_TOPIC_LABELS,
  topicLabelSchema,
} from '../../../shared/schemas/review';
import { isoDay } from '../../../shared/schemas/common';

/**
 * BCF 3.0 (buildingSMART BIM Collaboration Format) for the topics of one unit.
 *
 * Layout of the `.bcfzip`:
 *   bcf.version                 `<Version VersionId="3.0"/>`
 *   extensions.xml              the topic statuses used (Open, Resolved)
 *   {topicGuid}/markup.bcf      Topic (Guid, TopicStatus, Title, Priority, Labels, CreationDate,
 *                               CreationAuthor, DueDate, AssignedTo, Description, DocumentReferences,
 *                               Comments, Viewpoints)
 *   {topicGuid}/{vpGuid}.bcfv   VisualizationInfo: PerspectiveCamera, Components/Selection by IfcGuid,
 *                               Lines (measured distances) and ClippingPlanes (section planes)
 *
 * What BCF has no element for is kept in the Topic's Description, on a last line of its own:
 *   `planport:{"file":"Werkplan.pdf","version":2,"markup":{"kind":"area","page":1,...}}`
 * (the PDF file the topic was raised on, its version, and the markup on the page — area, cloud,
 * arrow, line, polyline, text or measure — in fractions of the page). Other BCF tools show it as text; an import reads it back, so a round
 * trip through Planport loses nothing. The file is also named in a DocumentReference.
 * Priority is Low, Normal or High (read case-insensitively; Critical and Major read as high, Minor as
 * low, anything else as normal); DueDate is written as midnight UTC of the due day and read by its
 * day; Labels are read from BCF 3.0 `<Labels><Label>` and BCF 2.1 repeated `<Labels>`, keeping the
 * first 10 that fit (30 characters, one line).
 * An OrthogonalCamera of a foreign viewpoint is imported as a perspective view from the same
 * place (field of view 60°).
 */

export type BcfComment = { guid: string; date: Date; author: string; text: string };
export type BcfTopic = {
  guid: string;
  title: string;
  status: TopicStatus;
  creationDate: Date;
  creationAuthor: string | null;
  assignedTo: string | null;
  priority: TopicPriority;
  /** The due day, `YYYY-MM-DD`. */
  dueDate: string | null;
  labels: string[];
  description: string | null;
  fileName: string | null;
  version: number | null;
  markup: PdfMarkup | null;
  viewpoint: ModelViewpoint | null;
  viewpointGuid: string | null;
  comments: BcfComment[];
};

const extensionPrefix = 'planport:';
const guidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
  processEntities: true,
});
const xml = (root: Record<string, unknown>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(root) as string}`;

const vector = ([x, y, z]: readonly number[]) => ({ X: x, Y: y, Z: z });

function viewpointXml(guid: string, vp: ModelViewpoint): string {
  return xml({
    VisualizationInfo: {
      '@Guid': guid,
      ...(vp.selection.length
        ? { Components: { Selection: { Component: vp.selection.map((g) => ({ '@IfcGuid': g })) } } }
        : {}),
      PerspectiveCamera: {
        CameraViewPoint: vector(vp.camera.position),
        CameraDirection: vector(vp.camera.direction),
        CameraUpVector: vector(vp.camera.up),
        FieldOfView: vp.camera.fieldOfView,
        AspectRatio: 1.5,
      },
      ...(vp.lines?.length
        ? { Lines: { Line: vp.lines.map((l) => ({ StartPoint: vector(l.start), EndPoint: vector(l.end) })) } }
        : {}),
      ...(vp.clippingPlanes?.length
        ? {
            ClippingPlanes: {
              ClippingPlane: vp.clippingPlanes.map((c) => ({
                Location: vector(c.location),
                Direction: vector(c.direction),
              })),
            },
          }
        : {}),
    },
  });
}

const priorityText: Record<TopicPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

function markupXml(t: BcfTopic): string {
  const extension =
    t.fileName || t.markup
      ? `${extensionPrefix}${JSON.stringify({ file: t.fileName, version: t.version, markup: t.markup })}`
      : null;
  const description = [t.description, extension].filter(Boolean).join('\n');
  return xml({
    Markup: {
      Topic: {
        '@Guid': t.guid,
        '@TopicType': 'Issue',
        '@TopicStatus': t.status === 'resolved' ? 'Resolved' : 'Open',
        Title: t.title,
        Priority: priorityText[t.priority],
        Labels: t.labels.length ? { Label: t.labels } : undefined,
        CreationDate: t.creationDate.toISOString(),
        CreationAuthor: t.creationAuthor ?? undefined,
        DueDate: t.dueDate ? `${t.dueDate}T00:00:00Z` : undefined,
        AssignedTo: t.assignedTo ?? undefined,
        Description: description || undefined,
        DocumentReferences: t.fileName
          ? { DocumentReference: { '@Guid': crypto.randomUUID(), Url: t.fileName, Description: t.fileName } }
          : undefined,
        Comments: t.comments.length
          ? {
              Comment: t.comments.map((c) => ({
                '@Guid': c.guid,
                Date: c.date.toISOString(),
                Author: c.author,
                Comment: c.text,
              })),
            }
          : undefined,
        Viewpoints:
          t.viewpoint && t.viewpointGuid
            ? { ViewPoint: { '@Guid': t.viewpointGuid, Viewpoint: `${t.viewpointGuid}.bcfv` } }
            : undefined,
      },
    },
  });
}

/** The entries of the `.bcfzip` for the topics, in order. */
export function bcfEntries(topics: BcfTopic[]): { name: string; data: string }[] {
  const labels = [...new Set(topics.flatMap((t) => t.labels))].sort();
  const entries = [
    {
      name: 'bcf.version',
      data: xml({
        Version: { '@VersionId': '3.0', '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance' },
      }),
    },
    {
      name: 'extensions.xml',
      data: xml({
        Extensions: {
          TopicTypes: { TopicType: ['Issue'] },
          TopicStatuses: { TopicStatus: ['Open', 'Resolved'] },
          Priorities: { Priority: ['Low', 'Normal', 'High'] },
          ...(labels.length ? { TopicLabels: { TopicLabel: labels } } : {}),
        },
      }),
    },
  ];
  for (const t of topics) {
    entries.push({ name: `${t.guid}/markup.bcf`, data: markupXml(t) });
    if (t.viewpoint && t.viewpointGuid) {
      entries.push({ name: `${t.guid}/${t.viewpointGuid}.bcfv`, data: viewpointXml(t.viewpointGuid, t.viewpoint) });
    }
  }
  return entries;
}

// ---------------------------------------------------------------- reading

/** Why an archive is refused; each has a translated message (VIEWER.Bcf.Errors.*). */
export type BcfProblem = 'NotZip' | 'TooLarge' | 'NoVersion' | 'Version' | 'BrokenXml' | 'Invalid' | 'TooMany';
export class BcfError extends Error {
  constructor(readonly problem: BcfProblem) {
    super(problem);
  }
}

export const bcfLimits = {
  /** Topics in one archive. */
  maxTopics: 1000,
  maxCommentsPerTopic: 500,
};

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

type Node = Record<string, unknown>;

/** Well-formed XML without a DOCTYPE (no entity definitions, no external references). */
function parseXml(text: string): Node {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new BcfError('BrokenXml');
  if (XMLValidator.validate(text) !== true) throw new BcfError('BrokenXml');
  try {
    return parser.parse(text) as Node;
  } catch {
    throw new BcfError('BrokenXml');
  }
}

const node = (v: unknown): Node | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node).filter((n): n is Node => !!n) : []);
const str = (v: unknown): string | null => {
  if (Array.isArray(v)) return str(v[0]);
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  const n = node(v);
  return n && typeof n['#text'] === 'string' ? n['#text'].trim() || null : null;
};

const bcfGuid = z.string().regex(guidPattern);
const date = (v: unknown): Date | null => {
  const s = str(v);
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};

const extensionSchema = z.object({
  file: z.string().max(255).nullish(),
  version: z.number().int().positive().nullish(),
  markup: pdfMarkupSchema.nullish(),
});

function splitDescription(text: string | null) {
  if (!text) return { description: null, extension: null };
  const lines = text.split('\n');
  const last = lines.at(-1)?.trim() ?? '';
  if (!last.startsWith(extensionPrefix)) return { description: text, extension: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(last.slice(extensionPrefix.length));
  } catch {
    throw new BcfError('Invalid');
  }
  const extension = extensionSchema.safeParse(parsed);
  if (!extension.success) throw new BcfError('Invalid');
  return { description: lines.slice(0, -1).join('\n').trim() || null, extension: extension.data };
}

const num = (v: unknown) => {
  const s = str(v);
  const n = s === null ? NaN : Number(s);
  if (!Number.isFinite(n)) throw new BcfError('Invalid');
  return n;
};
const readVector = (v: unknown): [number, number, number] => {
  const n = node(v);
  if (!n) throw new BcfError('Invalid');
  return [num(n.X), num(n.Y), num(n.Z)];
};

function readViewpoint(text: string): ModelViewpoint {
  const info = node(parseXml(text).VisualizationInfo);
  if (!info) throw new BcfError('Invalid');
  const perspective = node(info.PerspectiveCamera);
  const camera = perspective ?? node(info.OrthogonalCamera);
  if (!camera) throw new BcfError('Invalid');
  const selection = list(node(node(info.Components)?.Selection)?.Component)
    .map((c) => str(c['@IfcGuid']))
    .filter((g): g is string => !!g);
  const lines = list(node(info.Lines)?.Line).map((l) => ({
    start: readVector(l.StartPoint),
    end: readVector(l.EndPoint),
  }));
  const clippingPlanes = list(node(info.ClippingPlanes)?.ClippingPlane).map((c) => ({
    location: readVector(c.Location),
    direction: readVector(c.Direction),
  }));
  const parsed = modelViewpointSchema.safeParse({
    camera: {
      position: readVector(camera.CameraViewPoint),
      direction: readVector(camera.CameraDirection),
      up: readVector(camera.CameraUpVector),
      fieldOfView: perspective ? num(perspective.FieldOfView) : 60,
    },
    selection,
    ...(lines.length ? { lines } : {}),
    ...(clippingPlanes.length ? { clippingPlanes } : {}),
  });
  if (!parsed.success) throw new BcfError('Invalid');
  return parsed.data;
}

function readPriority(v: unknown): TopicPriority {
  const p = (str(v) ?? '').toLowerCase();
  if (['high', 'critical', 'major'].includes(p)) return 'high';
  if (['low', 'minor'].includes(p)) return 'low';
  return 'normal';
}

/** The day of a BCF DueDate (an xs:dateTime or a bare day); anything else reads as none. */
function readDueDate(v: unknown): string | null {
  const day = str(v)?.slice(0, 10) ?? '';
  return isoDay.safeParse(day).success ? day : null;
}

/** BCF 3.0 `<Labels><Label>a</Label></Labels>`, BCF 2.1 `<Labels>a</Labels><Labels>b</Labels>`. */
function readLabels(v: unknown): string[] {
  const texts = (Array.isArray(v) ? v : []).flatMap((entry: unknown) => {
    const n = node(entry);
    if (n && 'Label' in n) return (Array.isArray(n.Label) ? n.Label : [n.Label]).map(str);
    return [str(entry)];
  });
  const labels: string[] = [];
  for (const text of texts) {
    const parsed = topicLabelSchema.safeParse(text ?? '');
    if (parsed.success && !labels.some((l) => l.toLowerCase() === parsed.data.toLowerCase())) labels.push(parsed.data);
  }
  return labels.slice(0, MAX_TOPIC_LABELS);
}

function readTopic(folder: string, markupText: string, files: Map<string, string>): BcfTopic {
  const markup = node(parseXml(markupText).Markup);
  const topic = list(markup?.Topic)[0];
  if (!topic) throw new BcfError('Invalid');
  const guid = str(topic['@Guid']);
  const title = str(topic.Title);
  if (!guid || !bcfGuid.safeParse(guid).success || !title || title.length > 200) throw new BcfError('Invalid');
  const statusText = (str(topic['@TopicStatus']) ?? 'Open').toLowerCase();
  const { description, extension } = splitDescription(str(topic.Description));
  // BCF 2.1 keeps comments and viewpoints under Markup, BCF 3.0 under Topic.
  const commentNodes = list(node(topic.Comments)?.Comment ?? markup?.Comment);
  if (commentNodes.length > bcfLimits.maxCommentsPerTopic) throw new BcfError('TooMany');
  const comments = commentNodes.map((c) => {
    const cGuid = str(c['@Guid']);
    const text = str(c.Comment);
    if (!cGuid || !bcfGuid.safeParse(cGuid).success || (text?.length ?? 0) > 4000) throw new BcfError('Invalid');
    return { guid: cGuid, date: date(c.Date) ?? new Date(0), author: str(c.Author) ?? '?', text: text ?? '' };
  });
  const vpRef = list(node(topic.Viewpoints)?.ViewPoint ?? node(markup?.Viewpoints)?.ViewPoint)[0];
  let viewpoint: ModelViewpoint | null = null;
  let viewpointGuid: string | null = null;
  if (vpRef) {
    const vpName = str(vpRef.Viewpoint) ?? 'viewpoint.bcfv';
    const vpText = files.get(`${folder}/${vpName}`);
    if (vpText !== undefined) {
      viewpoint = readViewpoint(vpText);
      const g = str(vpRef['@Guid']);
      viewpointGuid = g && bcfGuid.safeParse(g).success ? g : null;
    }
  }
  const documentName = str(list(node(topic.DocumentReferences)?.DocumentReference)[0]?.Description);
  return {
    guid: guid.toLowerCase(),
    title,
    status: ['resolved', 'closed', 'done'].includes(statusText) ? 'resolved' : 'open',
    creationDate: date(topic.CreationDate) ?? new Date(0),
    creationAuthor: str(topic.CreationAuthor),
    assignedTo: str(topic.AssignedTo),
    priority: readPriority(topic.Priority),
    dueDate: readDueDate(topic.DueDate),
    labels: readLabels(topic.Labels),
    description: description && description.length <= 4000 ? description : null,
    fileName: extension?.file ?? documentName,
    version: extension?.version ?? null,
    markup: extension?.markup ?? null,
    viewpoint,
    viewpointGuid,
    comments: comments.filter((c) => c.text),
  };
}

/**
 * The topics of the archive's entries (name → text); throws `BcfError` on anything it cannot trust.
 * Each entry is at most 1 MB, parsed in a few milliseconds; the event loop gets its turn after each
 * topic, so a large archive never holds up other requests.
 */
export async function readBcf(files: Map<string, string>): Promise<BcfTopic[]> {
  const versionText = files.get('bcf.version');
  if (versionText === undefined) throw new BcfError('NoVersion');
  const version = str(node(parseXml(versionText).Version)?.['@VersionId']);
  if (!version || !['2.1', '3.0'].includes(version)) throw new BcfError('Version');
  const folders = [...files.keys()].filter((n) => /^[^/]+\/markup\.bcf$/.test(n)).map((n) => n.split('/')[0] ?? '');
  if (folders.length > bcfLimits.maxTopics) throw new BcfError('TooMany');
  const topics: BcfTopic[] = [];
  for (const f of folders) {
    topics.push(readTopic(f, files.get(`${f}/markup.bcf`) ?? '', files));
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (new Set(topics.map((t) => t.guid)).size !== topics.length) throw new BcfError('Invalid');
  return topics.sort((a, b) => a.creationDate.getTime() - b.creationDate.getTime());
}
