import crypto from 'node:crypto';
import type { ModelViewpoint, PdfMarkup } from '../../shared/schemas/review';
import type { Database } from '../platform/db/database';

type DemoTopic = {
  file: string;
  version: number;
  title: string;
  status: 'open' | 'resolved';
  markup?: PdfMarkup;
  viewpoint?: ModelViewpoint;
  comments: { by: string; text: string; hoursAgo: number }[];
};

// A view from south-east onto the FZK-Haus, one inner wall selected (IFC world coordinates, Z up).
const wallView: ModelViewpoint = {
  camera: { position: [22, -8, 14], direction: [-0.62, 0.69, -0.38], up: [0, 0, 1], fieldOfView: 60 },
  selection: ['2XPyKWY018sA1ygZKgQPtU'],
};

const topicsByUnit: Record<string, DemoTopic[]> = {
  '1. OG': [
    {
      file: 'Werkplan 1. OG.pdf',
      version: 1,
      title: 'Sturz über Tür Achse B fehlt',
      status: 'open',
      markup: { kind: 'area', page: 1, x1: 0.3, y1: 0.12, x2: 0.42, y2: 0.24 },
      comments: [
        { by: 'reviewer', text: 'Bitte Flachsturz 1,25 m über der Türöffnung in Achse B ergänzen.', hoursAgo: 70 },
      ],
    },
    {
      file: 'Werkplan 1. OG.pdf',
      version: 2,
      title: 'Wandstärke Treppenhaus prüfen',
      status: 'open',
      markup: { kind: 'arrow', page: 1, x1: 0.62, y1: 0.62, x2: 0.52, y2: 0.48 },
      comments: [
        {
          by: 'reviewer',
          text: 'Treppenhauswand mit 24 cm statt 30 cm dargestellt – Brandschutz beachten.',
          hoursAgo: 20,
        },
      ],
    },
    {
      file: 'AC20-FZK-Haus.ifc',
      version: 1,
      title: 'Innenwand ohne Öffnung für Leitungsführung',
      status: 'open',
      viewpoint: wallView,
      comments: [{ by: 'reviewer', text: 'Aussparung für die Steigleitung im Modell nachtragen.', hoursAgo: 18 }],
    },
    {
      file: 'Werkplan 1. OG.pdf',
      version: 1,
      title: 'Maßkette Außenwand Nord',
      status: 'resolved',
      markup: { kind: 'area', page: 2, x1: 0.15, y1: 0.1, x2: 0.7, y2: 0.18 },
      comments: [
        { by: 'reviewer', text: 'Maßkette endet nicht an der Gebäudeecke.', hoursAgo: 200 },
        { by: 'drafter', text: 'Korrigiert in Index B.', hoursAgo: 50 },
      ],
    },
  ],
  '3. OG': [
    {
      file: 'Werkplan 3. OG.pdf',
      version: 1,
      title: 'Ringanker an Attika ergänzen',
      status: 'resolved',
      markup: { kind: 'area', page: 1, x1: 0.12, y1: 0.1, x2: 0.6, y2: 0.2 },
      comments: [
        { by: 'reviewer', text: 'Ringanker fehlt im Schnitt und im Grundriss.', hoursAgo: 190 },
        { by: 'drafter', text: 'In Index B ergänzt.', hoursAgo: 26 },
      ],
    },
    {
      file: 'Werkplan 3. OG.pdf',
      version: 1,
      title: 'Öffnungsbreite Fenster W3',
      status: 'open',
      markup: { kind: 'arrow', page: 1, x1: 0.5, y1: 0.35, x2: 0.38, y2: 0.17 },
      comments: [
        { by: 'reviewer', text: 'Rohbaumaß 1,01 m passt nicht zum Fensterhersteller (1,135 m).', hoursAgo: 180 },
        { by: 'drafter', text: 'Rückfrage beim Bauherrn läuft.', hoursAgo: 24 },
      ],
    },
  ],
};

/** Review topics with comments on the demo lots in review (after the files exist). */
export async function seedReviewTopics(db: Database): Promise<void> {
  const now = Date.now();
  for (const [unitTitle, topics] of Object.entries(topicsByUnit)) {
    const unit = await db
      .selectFrom('project_units as u')
      .innerJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
      .select(['u.project_unit_id', 'u.root_project_unit_id', 'u.tenant_id'])
      .where('u.title', '=', unitTitle)
      .where('r.title', '=', 'Bürogebäude Hafenkante')
      .executeTakeFirst();
    if (!unit?.root_project_unit_id) continue;
    for (const topic of topics) {
      const file = await db
        .selectFrom('project_files')
        .select('project_file_id')
        .where('project_unit_id', '=', unit.project_unit_id)
        .where('name', '=', topic.file)
        .executeTakeFirst();
      const author = async (key: string) => {
        const u = await db
          .selectFrom('users')
          .select(['user_id', 'first_name', 'last_name', 'login'])
          .where('login', 'like', `${key}@%`)
          .executeTakeFirst();
        return {
          id: u?.user_id ?? null,
          name: u ? [u.first_name, u.last_name].filter(Boolean).join(' ') || u.login : key,
        };
      };
      const first = await author(topic.comments[0]?.by ?? 'reviewer');
      const created = new Date(now - (topic.comments[0]?.hoursAgo ?? 1) * 3_600_000);
      const row = await db
        .insertInto('review_topics')
        .values({
          guid: crypto.randomUUID(),
          tenant_id: unit.tenant_id,
          root_project_unit_id: unit.root_project_unit_id,
          project_unit_id: unit.project_unit_id,
          project_file_id: file?.project_file_id ?? null,
          version_no: topic.version,
          title: topic.title,
          status: topic.status,
          assignee_user_id: (await author('drafter')).id,
          created_by: first.id,
          created_at: created,
          resolved_at: topic.status === 'resolved' ? new Date(now - 3_600_000) : null,
          markup: topic.markup ? JSON.stringify(topic.markup) : null,
          viewpoint: topic.viewpoint ? JSON.stringify(topic.viewpoint) : null,
        })
        .returning('review_topic_id')
        .executeTakeFirstOrThrow();
      for (const c of topic.comments) {
        const a = await author(c.by);
        await db
          .insertInto('review_comments')
          .values({
            guid: crypto.randomUUID(),
            review_topic_id: row.review_topic_id,
            author_user_id: a.id,
            author_name: a.name,
            text: c.text,
            created_at: new Date(now - c.hoursAgo * 3_600_000),
          })
          .execute();
      }
    }
  }
}
