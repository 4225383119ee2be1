import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createProjectWorld, defaultFeatures } from '../projects/test-world';

const materialChoice = { ...defaultFeatures, ProjectInfoSheet: { variant: 'material-choice' } };

describe('sheet PDFs under a flood of one user', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("another tenant's PDF starts at once beside the flood; beyond 10 waiting the flooding user gets 429", async () => {
    const flooding = await createProjectWorld(app, { features: materialChoice });
    const other = await createProjectWorld(app, { features: materialChoice });
    const pdfOf = (w: typeof flooding) => `/api/questionnaire/${w.root.project_unit_id}/pdf`;
    const finished: string[] = [];
    const flood = Array.from({ length: 16 }, (_, i) =>
      flooding.call('planner', 'GET', pdfOf(flooding)).then((res) => {
        if (res.statusCode === 200) finished.push(`flood ${i}`);
        return res;
      }),
    );
    // The flood is queued (one runs, it holds its tenant's share of the two slots) before the other tenant asks.
    await new Promise((resolve) => setImmediate(resolve));
    const mine = await other.call('planner', 'GET', pdfOf(other));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    // The other tenant took the free slot instead of queueing behind the flood: it is answered
    // before the flood's last PDF (PDFs render in a few milliseconds in the resident workers, so
    // some of the flood's finish while the other tenant's request reads its session and sheet).
    expect(finished.length).toBeLessThan(11);
    const answers = await Promise.all(flood);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(11);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().messages[0].message).toBe('ERRORMESSAGES.TooManyWaiting');
    // Refused by the route's own cap before the session was read (the in-flight hook answers
    // Retry-After 2), not by the PDF lane after the session and the sheet were (Retry-After 5).
    expect(refused.map((r) => r.headers['retry-after'])).toEqual(['2', '2', '2', '2', '2']);
  });
});
