import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Page, Request, Route } from '@playwright/test';

export type TreeNode = {
  projectUnitID: number;
  projectUnitNo: string;
  title: string;
  files: { projectFileID: number; name: string; size: number }[];
  children: TreeNode[];
};

/** A demo project's root and one of its units, found by title (roots through the unit endpoint, units through the file tree). */
export async function findUnit(request: APIRequestContext, rootTitle: string, unitTitle: string) {
  for (let id = 1; id < 120; id++) {
    const res = await request.get(`/api/data/portal/projects/${id}`);
    if (!res.ok()) continue;
    const unit = (await res.json()) as { title: string; parentProjectUnitID: number | null };
    if (unit.title !== rootTitle || unit.parentProjectUnitID !== null) continue;
    const tree = (await (await request.get(`/api/file/projectFiles/${id}`)).json()) as TreeNode;
    const walk = (n: TreeNode): TreeNode | undefined =>
      n.title === unitTitle ? n : n.children.map(walk).find(Boolean);
    const found = walk(tree);
    if (found) return { rootId: id, unit: found };
  }
  throw new Error(`unit ${unitTitle} of ${rootTitle} not found`);
}

/** A valid-looking IFC model of `size` bytes (STEP header, then filler lines), written to `file`. */
export function writeIfc(file: string, size: number): Buffer {
  const header = Buffer.from("ISO-10303-21;\nHEADER;FILE_NAME('Modell.ifc');ENDSEC;\nDATA;\n");
  const line = Buffer.from("#1=IFCWALL('e2e',$,$,'Wand',$,$,$,$,$);\n".padEnd(128, ' '));
  const body = Buffer.alloc(size - header.length);
  for (let i = 0; i < body.length; i += line.length) line.copy(body, i, 0, Math.min(line.length, body.length - i));
  const bytes = Buffer.concat([header, body]);
  fs.writeFileSync(file, bytes);
  return bytes;
}

/** A small PDF whose bytes start with the PDF signature. */
export function pdfBytes(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

export const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

export type TusCall = { method: string; url: string; offset: number | null };

/**
 * Watches the tus calls of the page and holds the first PATCH of an upload that starts at
 * `holdAtOffset`, until `release()` is called (then that request is dropped, as by a lost
 * connection). Returns the calls seen, in order.
 */
export async function interceptTus(page: Page, holdAtOffset: number) {
  const calls: TusCall[] = [];
  let held = false;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let reachedHold!: () => void;
  const holding = new Promise<void>((r) => (reachedHold = r));
  const record = (req: Request) => {
    const offset = req.headers()['upload-offset'];
    calls.push({ method: req.method(), url: req.url(), offset: offset === undefined ? null : Number(offset) });
  };
  await page.route('**/api/file/uploads/**', async (route: Route) => {
    const req = route.request();
    record(req);
    if (!held && req.method() === 'PATCH' && Number(req.headers()['upload-offset']) === holdAtOffset) {
      held = true;
      reachedHold();
      await released;
      await route.abort('connectionreset').catch(() => undefined);
      return;
    }
    await route.continue();
  });
  return { calls, holding, release };
}
