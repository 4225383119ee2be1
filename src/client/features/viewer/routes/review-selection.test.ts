import { describe, expect, it } from 'vitest';
import type { ProjectFile } from '../../../../shared/schemas/files';
import type { ReviewTopic } from '../../../../shared/schemas/review';
import { againstOf, pdfMarkupsOf, reviewableFiles, shownVersion } from './review-selection';

const file = (projectFileID: number, name: string, versions: number[]) =>
  ({
    projectFileID,
    name,
    version: Math.max(...versions),
    versions: versions.map((version) => ({ version, conversion: null })),
  }) as unknown as ProjectFile;

const topic = (topicID: number, fields: Partial<ReviewTopic>) =>
  ({
    topicID,
    status: 'open',
    projectFileID: 1,
    version: 1,
    markup: { kind: 'area', page: 1, x1: 0, y1: 0, x2: 0.1, y2: 0.1 },
    ...fields,
  }) as ReviewTopic;

describe('the file shown', () => {
  const plan = file(1, 'Plan.pdf', [1, 2, 3]);
  const notes = file(2, 'Notizen.docx', [1]);
  const model = file(3, 'Haus.ifc', [1]);

  it('lists drawings and models only', () => {
    expect(reviewableFiles([plan, notes, model]).map((f) => f.projectFileID)).toEqual([1, 3]);
  });

  it('is the one chosen, else the newest version of the first file, else none', () => {
    expect(shownVersion([plan, model], { fileId: 3, version: 1 })).toEqual({ fileId: 3, version: 1 });
    expect(shownVersion([plan, model], null)).toEqual({ fileId: 1, version: 3 });
    expect(shownVersion([], null)).toBeNull();
  });

  it('is compared with the version chosen for the file, else the last one topics were raised on', () => {
    const topics = [topic(1, { version: 1 }), topic(2, { projectFileID: 3, version: 2 })];
    expect(againstOf(plan, 3, {}, topics)).toBe(1);
    expect(againstOf(plan, 3, { 1: 2 }, topics)).toBe(2);
    expect(againstOf(plan, 3, {}, [])).toBe(2);
    expect(againstOf(plan, 1, {}, topics)).toBeNull();
  });
});

describe('pdfMarkupsOf', () => {
  it("draws the file's open markups and those raised on the version shown; the active one stands out", () => {
    const topics = [
      topic(1, {}),
      topic(2, { status: 'resolved', version: 1 }),
      topic(3, { status: 'resolved', version: 2 }),
      topic(4, { projectFileID: 9 }),
      topic(5, { markup: null }),
    ];
    const shown = pdfMarkupsOf(topics, { fileId: 1, version: 2 }, 3);
    expect(shown.map((m) => [m.id, m.active])).toEqual([
      [1, false],
      [3, true],
    ]);
    expect(pdfMarkupsOf(topics, null, null)).toEqual([]);
  });
});
