import { describe, expect, it } from 'vitest';
import { renderDeliveryConfirmedMail } from './mail-texts';
import { revisionMail } from '../viewer/mail-texts';

const delivery = {
  projectNo: '2026-0001',
  projectTitle: 'Haus',
  lotTitle: 'EG',
  groups: 'A',
  link: 'https://planport.test/p/1',
  isoDate: '2026-12-18',
};
const revision = { unitNo: '2026-0001-01', title: 'EG', rootTitle: 'Haus', topics: [], link: 'https://x.test' };

describe('mail greetings and first sentences', () => {
  it('greet per the glossary and start the body with a capital letter in en and nl', () => {
    const nl = renderDeliveryConfirmedMail('nl', delivery).text;
    expect(nl).toMatch(/^Geachte heer\/mevrouw,\n\nVoor het project 2026-0001 Haus is de levering “EG”/);
    expect(nl).not.toContain('Goedendag');
    expect(renderDeliveryConfirmedMail('en', delivery).text).toMatch(/^Hello,\n\nFor the project .* “EG”/);
    expect(renderDeliveryConfirmedMail('de', delivery).text).toMatch(/^Guten Tag,\n\nfür das Projekt/);

    const nlRev = revisionMail('nl', { ...revision, name: 'Anna Smit' }).text;
    expect(nlRev).toMatch(/^Beste Anna Smit,\n\nVoor 2026-0001-01 EG/);
    expect(revisionMail('nl', { ...revision, name: '' }).text).toMatch(/^Geachte heer\/mevrouw,\n/);
    expect(revisionMail('en', { ...revision, name: 'Ann' }).text).toMatch(/^Hello Ann,\n\nA revision of the drawings/);
    expect(revisionMail('de', { ...revision, name: 'Jan' }).text).toContain('in der Projekthistorie');
  });
});
