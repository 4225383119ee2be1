import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ZipArchive } from 'archiver';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Database } from '../platform/db/database';
import { newStorageKey, type StorageDriver } from '../platform/storage/storage';
import { reviseFzkHaus } from './revised-model';

const fixtures = path.join(import.meta.dirname, 'fixtures');

/** The revision of the drawings under review again: a wall moved, an opening added, plotted 14 pt further right and 9 pt lower. */
export const revisedDrawing: DrawingChange = { wallShift: 90, addedOpening: true, origin: [14, 9] };

/**
 * A drawing's revision: the second inner wall moved by `wallShift` points, an opening added to the
 * lower outer wall, and the whole sheet plotted with another origin (`origin`, in points).
 */
export type DrawingChange = { wallShift: number; addedOpening: boolean; origin: [number, number] };

/** A plan sheet (A1 landscape) per storey: walls, openings, axes and a title block. */
export async function drawingPdf(
  project: string,
  title: string,
  revision: string,
  pages: number,
  change?: DrawingChange,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A1', layout: 'landscape', autoFirstPage: false, info: { Title: title } });
  const out = new PassThrough();
  doc.pipe(out);
  for (let p = 0; p < pages; p++) {
    doc.addPage();
    const w = doc.page.width;
    const h = doc.page.height;
    if (change) doc.translate(change.origin[0], change.origin[1]);
    doc
      .lineWidth(2)
      .rect(40, 40, w - 80, h - 80)
      .stroke();
    // Axis grid
    doc.lineWidth(0.5).strokeColor('#999999');
    for (let x = 200; x < w - 400; x += 240)
      doc
        .moveTo(x, 80)
        .lineTo(x, h - 260)
        .dash(6, { space: 4 })
        .stroke();
    doc.undash().strokeColor('#000000');
    // Outer walls and inner walls of the storey
    doc
      .lineWidth(8)
      .rect(200, 160, w - 720, h - 480)
      .stroke();
    doc.lineWidth(4);
    for (let i = 1; i < 4; i++) {
      const x = 200 + (i * (w - 720)) / 4 + (i === 2 && change ? change.wallShift : 0);
      doc
        .moveTo(x, 160)
        .lineTo(x, h - 320 - p * 40)
        .stroke();
    }
    doc
      .moveTo(200, 160 + (h - 480) / 2)
      .lineTo(w - 520, 160 + (h - 480) / 2)
      .stroke();
    // Openings
    doc.lineWidth(1).fillColor('#ffffff');
    for (let i = 0; i < 6; i++) doc.rect(260 + i * 260, 154, 90, 12).fillAndStroke('#ffffff', '#000000');
    if (change?.addedOpening) doc.rect(520, h - 326, 120, 12).fillAndStroke('#ffffff', '#000000');
    // Title block
    doc
      .fillColor('#000000')
      .lineWidth(1.5)
      .rect(w - 480, h - 240, 440, 200)
      .stroke();
    doc.fontSize(22).text(project, w - 465, h - 225, { width: 410 });
    doc
      .fontSize(16)
      .text(
        `${title} – ${p === 0 ? 'Grundriss' : `Schnitt ${String.fromCharCode(64 + p)}-${String.fromCharCode(64 + p)}`}`,
        w - 465,
        h - 185,
        { width: 410 },
      );
    doc.fontSize(12).text(`Maßstab 1:50 · Index ${revision} · Blatt ${p + 1}/${pages}`, w - 465, h - 150);
    doc.fontSize(10).text('Planport Demo · Ausführungsplanung Porenbeton', w - 465, h - 120);
  }
  doc.end();
  return buffer(out);
}

async function sitePhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sky = y < height * 0.45;
      const wall = !sky && x > 300 && x < 1300 && y < height * 0.85;
      const noise = ((x * 7919 + y * 104729) % 23) - 11;
      const [r, g, b] = sky ? [135, 180, 225] : wall ? [214, 210, 200] : [120, 105, 85];
      raw[i] = Math.max(0, Math.min(255, r + noise));
      raw[i + 1] = Math.max(0, Math.min(255, g + noise));
      raw[i + 2] = Math.max(0, Math.min(255, b + noise));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A small but valid Word document (Office Open XML). */
async function meetingMinutes(project: string): Promise<Buffer> {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const out = buffer(zip);
  zip.append(
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    { name: '[Content_Types].xml' },
  );
  zip.append(
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    { name: '_rels/.rels' },
  );
  const paragraphs = [
    `Baubesprechung ${project}`,
    'Teilnehmende: Bauherr, Architektur, Tragwerksplanung, Celona Projektkoordination',
    '1. Freigabe der Werkpläne 1. OG bis Ende der Woche.',
    '2. Anschlussdetails Attika werden als DWG nachgereicht.',
    '3. Nächster Termin: Baustelle, 10:00 Uhr.',
  ];
  zip.append(
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
      .map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`)
      .join('')}</w:body></w:document>`,
    { name: 'word/document.xml' },
  );
  await zip.finalize();
  return out;
}

type DemoFile = { unitId: number; name: string; versions: { bytes: Buffer; by: number | null; daysAgo: number }[] };

async function store(db: Database, storage: StorageDriver, tenantId: number, rootId: number, f: DemoFile) {
  const now = Date.now();
  const file = await db
    .insertInto('project_files')
    .values({
      tenant_id: tenantId,
      root_project_unit_id: rootId,
      project_unit_id: f.unitId,
      name: f.name,
      name_key: f.name.toLowerCase(),
      created_at: new Date(now - (f.versions[0]?.daysAgo ?? 0) * 86_400_000),
    })
    .returning('project_file_id')
    .executeTakeFirstOrThrow();
  for (const [i, v] of f.versions.entries()) {
    const key = newStorageKey();
    const stored = await storage.put(key, Readable.from([v.bytes]));
    const at = new Date(now - v.daysAgo * 86_400_000);
    await db
      .insertInto('file_blobs')
      .values({ storage_key: key, tenant_id: tenantId, size: stored.size, sha256: stored.sha256, created_at: at })
      .execute();
    const ext = f.name.split('.').pop()!.toLowerCase();
    const contentType =
      { pdf: 'application/pdf', ifc: 'application/x-step', jpg: 'image/jpeg' }[ext] ??
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    await db
      .insertInto('project_file_versions')
      .values({
        project_file_id: file.project_file_id,
        version_no: i + 1,
        storage_key: key,
        size: stored.size,
        sha256: stored.sha256,
        content_type: contentType,
        uploaded_by: v.by,
        created_at: at,
      })
      .execute();
  }
}

async function unit(db: Database, title: string, rootTitle?: string) {
  let q = db
    .selectFrom('project_units as u')
    .innerJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
    .select(['u.project_unit_id', 'u.root_project_unit_id', 'u.tenant_id'])
    .where('u.title', '=', title);
  if (rootTitle) q = q.where('r.title', '=', rootTitle);
  return q.executeTakeFirst();
}

async function userId(db: Database, key: string) {
  const row = await db.selectFrom('users').select('user_id').where('login', 'like', `${key}@%`).executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Demo files: the IFC models (a project in Structuring, its model revised once; the FZK-Haus on a
 * project past Structuring for its delivery lots; an approval lot in review), PDF plan sheets with
 * versions, a site photo and meeting minutes, on several units.
 */
export async function seedDemoFiles(db: Database, storage: StorageDriver): Promise<void> {
  const lindenhof = await unit(db, 'Wohnanlage Lindenhof');
  const hafenkante = await unit(db, 'Bürogebäude Hafenkante');
  const review = await unit(db, '1. OG', 'Bürogebäude Hafenkante');
  const next = await unit(db, '2. OG', 'Bürogebäude Hafenkante');
  const revised = await unit(db, '3. OG', 'Bürogebäude Hafenkante');
  if (!lindenhof || !hafenkante || !review || !next || !revised) return;
  const processor = await userId(db, 'processor');
  const drafter = await userId(db, 'drafter');
  const planner = await userId(db, 'planner');
  const rootId = (u: { root_project_unit_id: number | null; project_unit_id: number }) =>
    u.root_project_unit_id ?? u.project_unit_id;

  const files: [typeof lindenhof, DemoFile][] = [
    [
      lindenhof,
      {
        unitId: lindenhof.project_unit_id,
        name: 'AC20-FZK-Haus.ifc',
        // The processor's model, then its revision (a wall of the ground floor moved): the structure
        // editor marks the storey's approval lots.
        versions: [
          { bytes: fs.readFileSync(path.join(fixtures, 'AC20-FZK-Haus.ifc')), by: processor, daysAgo: 6 },
          {
            bytes: Buffer.from(
              reviseFzkHaus(fs.readFileSync(path.join(fixtures, 'AC20-FZK-Haus.ifc'), 'latin1')),
              'latin1',
            ),
            by: processor,
            daysAgo: 2,
          },
        ],
      },
    ],
    [
      lindenhof,
      {
        unitId: lindenhof.project_unit_id,
        name: 'Lageplan.pdf',
        versions: [{ bytes: await drawingPdf('Wohnanlage Lindenhof', 'Lageplan', 'A', 2), by: processor, daysAgo: 5 }],
      },
    ],
    [
      review,
      {
        unitId: review.project_unit_id,
        name: 'IfcOpenHouse_IFC4.ifc',
        versions: [{ bytes: fs.readFileSync(path.join(fixtures, 'IfcOpenHouse_IFC4.ifc')), by: drafter, daysAgo: 4 }],
      },
    ],
    [
      review,
      {
        unitId: review.project_unit_id,
        name: 'Werkplan 1. OG.pdf',
        versions: [
          { bytes: await drawingPdf('Bürogebäude Hafenkante', 'Werkplan 1. OG', 'A', 3), by: drafter, daysAgo: 9 },
          { bytes: await drawingPdf('Bürogebäude Hafenkante', 'Werkplan 1. OG', 'B', 3), by: drafter, daysAgo: 2 },
        ],
      },
    ],
    [
      review,
      {
        unitId: review.project_unit_id,
        name: 'AC20-FZK-Haus.ifc',
        versions: [{ bytes: fs.readFileSync(path.join(fixtures, 'AC20-FZK-Haus.ifc')), by: drafter, daysAgo: 3 }],
      },
    ],
    [
      revised,
      {
        unitId: revised.project_unit_id,
        name: 'Werkplan 3. OG.pdf',
        versions: [
          { bytes: await drawingPdf('Bürogebäude Hafenkante', 'Werkplan 3. OG', 'A', 2), by: drafter, daysAgo: 8 },
          {
            bytes: await drawingPdf('Bürogebäude Hafenkante', 'Werkplan 3. OG', 'B', 2, revisedDrawing),
            by: drafter,
            daysAgo: 1,
          },
        ],
      },
    ],
    [
      revised,
      {
        unitId: revised.project_unit_id,
        name: 'AC20-FZK-Haus.ifc',
        // The model as reviewed, then the revision with a wall moved and a column added.
        versions: [
          { bytes: fs.readFileSync(path.join(fixtures, 'AC20-FZK-Haus.ifc')), by: drafter, daysAgo: 8 },
          {
            bytes: Buffer.from(
              reviseFzkHaus(fs.readFileSync(path.join(fixtures, 'AC20-FZK-Haus.ifc'), 'latin1')),
              'latin1',
            ),
            by: drafter,
            daysAgo: 1,
          },
        ],
      },
    ],
    [
      hafenkante,
      {
        unitId: hafenkante.project_unit_id,
        name: 'AC20-FZK-Haus.ifc',
        versions: [{ bytes: fs.readFileSync(path.join(fixtures, 'AC20-FZK-Haus.ifc')), by: planner, daysAgo: 14 }],
      },
    ],
    [
      hafenkante,
      {
        unitId: hafenkante.project_unit_id,
        name: 'Baustelle Nordseite.jpg',
        versions: [{ bytes: await sitePhoto(), by: planner, daysAgo: 12 }],
      },
    ],
    [
      hafenkante,
      {
        unitId: hafenkante.project_unit_id,
        name: 'Protokoll Baubesprechung.docx',
        versions: [{ bytes: await meetingMinutes('Bürogebäude Hafenkante'), by: planner, daysAgo: 8 }],
      },
    ],
    [
      next,
      {
        unitId: next.project_unit_id,
        name: 'Vorabzug 2. OG.pdf',
        versions: [
          { bytes: await drawingPdf('Bürogebäude Hafenkante', 'Vorabzug 2. OG', '0', 2), by: processor, daysAgo: 1 },
        ],
      },
    ],
  ];
  for (const [u, f] of files) await store(db, storage, u.tenant_id, rootId(u), f);
}
