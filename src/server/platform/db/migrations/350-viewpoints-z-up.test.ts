import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../database';
import { down, up } from './350-viewpoints-z-up';

describe('migration 350: stored viewpoints turn from the viewer (Y up) to IFC (Z up)', () => {
  let db: Kysely<unknown>;
  beforeAll(async () => {
    db = (await createDatabase({ dataDir: 'memory://' })) as unknown as Kysely<unknown>;
    await sql`create table review_topics (review_topic_id integer primary key, viewpoint jsonb)`.execute(db);
  });
  afterAll(() => db.destroy());

  it('turns camera, lines and section planes, keeps the rest, and leaves topics without a view alone', async () => {
    const yUp = {
      camera: { position: [22, 14, 18], direction: [-0.6, -0.48, -0.64], up: [0, 1, 0], fieldOfView: 60 },
      selection: ['2XPyKWY018sA1ygZKgQPtU'],
      lines: [{ start: [1, 2, 3], end: [4, 2, 3] }],
      clippingPlanes: [{ location: [0, 1.5, 0], direction: [0, 1, 0] }],
    };
    await sql`insert into review_topics values (1, ${JSON.stringify(yUp)}::jsonb), (2, null)`.execute(db);
    await up(db);
    const read = async () =>
      (await sql<{ viewpoint: unknown }>`select viewpoint from review_topics order by review_topic_id`.execute(db))
        .rows;
    expect(await read()).toEqual([
      {
        viewpoint: {
          camera: { position: [22, -18, 14], direction: [-0.6, 0.64, -0.48], up: [0, 0, 1], fieldOfView: 60 },
          selection: ['2XPyKWY018sA1ygZKgQPtU'],
          lines: [{ start: [1, -3, 2], end: [4, -3, 2] }],
          clippingPlanes: [{ location: [0, 0, 1.5], direction: [0, 0, 1] }],
        },
      },
      { viewpoint: null },
    ]);
    await down(db);
    expect((await read())[0]).toEqual({ viewpoint: yUp });
  });
});
