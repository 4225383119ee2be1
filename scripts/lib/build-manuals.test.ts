import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualLanguages, manualSources, renderManual } from './build-manuals.mjs';

describe('reviewer manuals', () => {
  it('renders the German and Dutch Markdown into multi-page PDFs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manuals-'));
    expect(manualLanguages).toEqual(['de', 'nl']);
    for (const language of manualLanguages) {
      const out = path.join(dir, `manual_for_reviewer_${language}.pdf`);
      const pages = await renderManual(
        fs.readFileSync(path.join(manualSources, `${language}.md`), 'utf8'),
        language,
        out,
      );
      const pdf = fs.readFileSync(out);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pages).toBeGreaterThanOrEqual(6);
      expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(pages);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
