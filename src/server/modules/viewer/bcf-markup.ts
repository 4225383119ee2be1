import { z } from 'zod';
import { isoDay } from '../../../shared/schemas/common';
import {
  MAX_TOPIC_LABELS,
  pdfMarkupSchema,
  topicLabelSchema,
  type ModelViewpoint,
  type PdfMarkup,
  type TopicPriority,
  type TopicStatus,
} from '../../../shared/schemas/review';
import { readViewpoint } from './bcf-viewpoint';
import { BcfError, bcfGuid, date, list, node, parseXml, str, xml } from './bcf-xml';

/**
 * A topic as BCF Markup (`{topicGuid}/markup.bcf`), written and read: Topic (Guid, TopicStatus,
 * Title, Priority, Labels, CreationDate, CreationAuthor, DueDate, AssignedTo, Description,
 * DocumentReferences, Comments, Viewpoints). BCF 2.1 keeps comments and viewpoints under Markup,
 * BCF 3.0 under Topic; both are read.
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

export const bcfLimits = {
  /** Topics in one archive. */
  maxTopics: 1000,
  maxCommentsPerTopic: 500,
};

const extensionPrefix = 'planport:';

const priorityText: Record<TopicPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

export function markupXml(t: BcfTopic): string {
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

export function readTopic(folder: string, markupText: string, files: Map<string, string>): BcfTopic {
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
