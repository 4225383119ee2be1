import { bcfLimits, markupXml, readTopic, type BcfTopic } from './bcf-markup';
import { viewpointXml } from './bcf-viewpoint';
import { BcfError, node, parseXml, str, xml } from './bcf-xml';

/**
 * BCF 3.0 (buildingSMART BIM Collaboration Format) for the topics of one unit: the archive's
 * entries, written and read (the topic in `bcf-markup.ts`, its view in `bcf-viewpoint.ts`).
 *
 * Layout of the `.bcfzip`:
 *   bcf.version                 `<Version VersionId="3.0"/>`
 *   extensions.xml              the topic statuses used (Open, Resolved)
 *   {topicGuid}/markup.bcf      Topic (Guid, TopicStatus, Title, Priority, Labels, CreationDate,
 *                               CreationAuthor, DueDate, AssignedTo, Description, DocumentReferences,
 *                               Comments, Viewpoints)
 *   {topicGuid}/{vpGuid}.bcfv   VisualizationInfo: PerspectiveCamera, Components/Selection by IfcGuid,
 *                               Lines (measured distances) and ClippingPlanes (section planes), all
 *                               in the model's IFC world coordinates (metres, Z up)
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
 */

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
