import { sql, type Kysely } from 'kysely';

/**
 * Topics' viewpoints are kept in IFC world coordinates (Z up), as BCF has them; they were kept as the
 * 3D viewer had them (Y up). Each stored point and direction turns from (x, y, z) to (x, −z, y).
 * The shift by which the viewer moves a model near its origin is not known to the database, so a
 * view on a model far from its origin stays off by that shift until it is saved again.
 * The conversion is written out here (not imported), so this step never changes with later code.
 */
type Vec3 = [number, number, number];
type Viewpoint = {
  camera: { position: Vec3; direction: Vec3; up: Vec3; fieldOfView: number };
  lines?: { start: Vec3; end: Vec3 }[];
  clippingPlanes?: { location: Vec3; direction: Vec3 }[];
};

const plain = (n: number) => (n === 0 ? 0 : n);
const zUp = ([x, y, z]: Vec3): Vec3 => [x, plain(-z), y];
const yUp = ([x, y, z]: Vec3): Vec3 => [x, z, plain(-y)];

function convert(vp: Viewpoint, turn: (v: Vec3) => Vec3): Viewpoint {
  return {
    ...vp,
    camera: {
      ...vp.camera,
      position: turn(vp.camera.position),
      direction: turn(vp.camera.direction),
      up: turn(vp.camera.up),
    },
    ...(vp.lines ? { lines: vp.lines.map((l) => ({ start: turn(l.start), end: turn(l.end) })) } : {}),
    ...(vp.clippingPlanes
      ? {
          clippingPlanes: vp.clippingPlanes.map((p) => ({ location: turn(p.location), direction: turn(p.direction) })),
        }
      : {}),
  };
}

async function convertAll(db: Kysely<unknown>, turn: (v: Vec3) => Vec3): Promise<void> {
  const { rows } = await sql<{ review_topic_id: number; viewpoint: Viewpoint | string }>`
    select review_topic_id, viewpoint from review_topics where viewpoint is not null`.execute(db);
  for (const row of rows) {
    const vp = typeof row.viewpoint === 'string' ? (JSON.parse(row.viewpoint) as Viewpoint) : row.viewpoint;
    await sql`update review_topics set viewpoint = ${JSON.stringify(convert(vp, turn))}::jsonb
      where review_topic_id = ${row.review_topic_id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await convertAll(db, zUp);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await convertAll(db, yUp);
}
