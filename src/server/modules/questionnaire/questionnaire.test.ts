import type { FastifyInstance } from 'fastify';
import { inflateSync } from 'node:zlib';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormData } from '../../../shared/questionnaire/definition';
import { toStored } from '../../../shared/questionnaire/engine';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { base, createProjectWorld, defaultFeatures, type ProjectWorld } from '../projects/test-world';
import { LIMITS } from '../../../shared/schemas/limits';
import { definitionOf } from './definitions';
import { materialsForApprovalLots } from './service';

const materialChoice = { ...defaultFeatures, ProjectInfoSheet: { variant: 'material-choice' } };
const supplier = { ...defaultFeatures, ProjectInfoSheet: { variant: 'supplier' } };

/** A complete material-choice sheet with aerated concrete (lintels optional). */
function completeGeneral(materials: string[] = ['aac']): FormData {
  return {
    'xde-general': {
      materials,
      projectType: 'residential',
      buildingClass: 'GK3',
      storeys: 3,
      plannedStart: '04/2027',
      accessRigid: true,
      siteManager: 'Jörg Hartmann',
      sitePhone: '+49 511 4711 320',
    },
    'xde-aac': { wallThickness: '240', strengthClass: 'PP4', storeyHeight: 2.75 },
  };
}

/** The text of a pdfkit PDF: every content stream inflated, the strings of its TJ operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\] TJ/g)) {
      const parts = [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]+)>/g)].map((h) =>
        Buffer.from(h[1] ?? '', 'hex').toString('latin1'),
      );
      out.push(parts.join(''));
    }
  }
  return out.join('\n');
}

const stored = (data: FormData) => toStored(definitionOf('material-choice').sheets, data);

describe('project information sheet', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-24T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  const url = (w: ProjectWorld) => `/api/questionnaire/${w.root.project_unit_id}`;

  it('loads the empty sheet, saves it with the validity computed by the server, and keeps _versions', async () => {
    const w = await createProjectWorld(app, { features: materialChoice });
    const empty = await w.call('planner', 'GET', url(w));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ variant: 'material-choice', isValid: false, canEdit: true, setKey: null });
    expect(empty.json().sheets.map((s: { name: string }) => s.name)).toEqual([
      'xde-general',
      'xde-aac',
      'xde-lintel',
      'xde-cs',
    ]);

    // The client claims valid; the server knows better.
    const half = await w.call('planner', 'PUT', url(w), {
      data: stored({ 'xde-general': { materials: ['aac'] } }),
      isValid: true,
    });
    expect(half.statusCode).toBe(200);
    expect(half.json().isValid).toBe(false);

    const full = await w.call('planner', 'PUT', url(w), { data: stored(completeGeneral()), isValid: false });
    expect(full.json()).toMatchObject({ isValid: true, data: { _versions: { 'xde-general': 1, 'xde-aac': 1 } } });
    expect(full.json().data['xde-general'].storeys).toBe(3);
    expect(await materialsForApprovalLots(w.db, w.root.project_unit_id, materialChoice)).toEqual(['aac']);
    // The approval lots take only the sheet's materials.
    const lotMaterials = (type: string) =>
      w.call('planner', 'POST', `/api/materials/${w.lot.project_unit_id}`, [
        { type, volume: 20, deliveryDate: '2027-03-01' },
      ]);
    expect((await lotMaterials('cs')).statusCode).toBe(400);
    expect((await lotMaterials('aac')).statusCode).toBe(200);
    // The structure editor and the delivery data dialog offer the same materials.
    const editor = await w.call('planner', 'GET', `${base}/projects/${w.root.project_unit_id}/structure-draft`);
    expect(editor.json().materialTypes).toEqual(['aac']);
    const dialog = await w.call('planner', 'GET', `${base}/projects/${w.sub.project_unit_id}/approval-lot-context`);
    expect(dialog.json().materialTypes).toEqual(['aac']);

    // A value of the wrong shape falls back to the default: required again, so invalid.
    const wrong = completeGeneral();
    const general = wrong['xde-general'];
    if (general) general.storeys = 'drei';
    expect((await w.call('planner', 'PUT', url(w), { data: stored(wrong) })).json().isValid).toBe(false);
    // So does a made-up option: the required project type is empty again.
    const madeUp = completeGeneral();
    if (madeUp['xde-general']) madeUp['xde-general'].projectType = 'castle';
    const saved = (await w.call('planner', 'PUT', url(w), { data: stored(madeUp), isValid: true })).json();
    expect(saved.isValid).toBe(false);
    expect(saved.data['xde-general'].projectType).toBe('');

    // Data saved under an older version still loads.
    await w.db
      .updateTable('questionnaires')
      .set({
        data: JSON.stringify({ _versions: { 'xde-general': 0 }, 'xde-general': { siteManager: 'Alt', gone: 1 } }),
      })
      .where('root_project_unit_id', '=', w.root.project_unit_id)
      .execute();
    const old = (await w.call('planner', 'GET', url(w))).json();
    expect(old.data._versions).toEqual({ 'xde-general': 0 });
    expect(old.data['xde-general']).toMatchObject({ siteManager: 'Alt', crane: false });
    expect(old.data['xde-general'].gone).toBeUndefined();
  });

  it('renders the sheet as PDF with the print content', async () => {
    const w = await createProjectWorld(app, { features: materialChoice });
    await w.call('planner', 'PUT', url(w), { data: stored(completeGeneral(['aac', 'lintel'])) });
    const res = await w.call('planner', 'GET', `${url(w)}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Projektinformationsblatt');
    expect(text).toContain(w.root.project_unit_no);
    expect(text).toContain('Porenbeton-Planelemente');
    expect(text).toContain('Jörg Hartmann');
    expect(text).toContain('PP4-0,55');
    // Only sheets with data: the lintel sheet is shown but empty, calcium silicate not chosen.
    expect(text).not.toContain('Kalksandstein');
    expect((await w.call('foreign', 'GET', `${url(w)}/pdf`)).statusCode).toBe(404);
  });

  it('refuses bad input with 400, unknown or foreign projects with 404, and answers only on the root', async () => {
    const w = await createProjectWorld(app, { features: materialChoice });
    expect((await w.call('planner', 'PUT', url(w), { data: { x: 'y' } })).statusCode).toBe(400);
    expect((await w.call('foreign', 'GET', url(w))).statusCode).toBe(404);
    expect((await w.call('outsider', 'PUT', url(w), { data: {} })).statusCode).toBe(404);
    expect((await w.call('planner', 'GET', `/api/questionnaire/${w.lot.project_unit_id}`)).statusCode).toBe(404);
    const off = await createProjectWorld(app);
    expect((await off.call('planner', 'GET', url(off))).statusCode).toBe(404);
  });

  it('applies the edit rule: internal users always; external members in Structuring, or in Preparing on the supplier tenant', async () => {
    const structuring = await createProjectWorld(app, { features: materialChoice });
    expect((await structuring.call('member', 'GET', url(structuring))).json().canEdit).toBe(true);
    expect((await structuring.call('member', 'PUT', url(structuring), { data: stored({}) })).statusCode).toBe(200);

    const later = await createProjectWorld(app, { features: materialChoice, state: 'PendingContract' });
    const read = await later.call('member', 'GET', url(later));
    expect(read.statusCode).toBe(200);
    expect(read.json().canEdit).toBe(false);
    expect((await later.call('member', 'PUT', url(later), { data: stored({}) })).statusCode).toBe(403);
    expect((await later.call('planner', 'PUT', url(later), { data: stored({}) })).statusCode).toBe(200);

    // Preparing: read-only for external users of the material-choice tenant, editable for the supplier's.
    const preparing = await createProjectWorld(app, { features: materialChoice, state: 'Preparing' });
    expect((await preparing.call('member', 'GET', url(preparing))).json().canEdit).toBe(false);
    expect((await preparing.call('member', 'PUT', url(preparing), { data: stored({}) })).statusCode).toBe(403);
    expect((await preparing.call('planner', 'PUT', url(preparing), { data: stored({}) })).statusCode).toBe(200);
    const supplierPreparing = await createProjectWorld(app, { features: supplier, state: 'Preparing' });
    expect((await supplierPreparing.call('member', 'GET', url(supplierPreparing))).json().canEdit).toBe(true);
    expect((await supplierPreparing.call('member', 'PUT', url(supplierPreparing), { data: {} })).statusCode).toBe(200);
    const supplierLater = await createProjectWorld(app, { features: supplier, state: 'PendingValidation' });
    expect((await supplierLater.call('member', 'PUT', url(supplierLater), { data: {} })).statusCode).toBe(403);

    const closed = await createProjectWorld(app, { features: materialChoice, state: 'Closed' });
    expect((await closed.call('planner', 'PUT', url(closed), { data: stored({}) })).statusCode).toBe(403);
  });

  it('offers the information sheet button with the feature on, in Structuring or to internal users', async () => {
    const abilities = async (w: ProjectWorld, who: 'planner' | 'member') =>
      (await w.call(who, 'GET', `${base}/projects/${w.root.project_unit_id}`)).json().abilities;
    const structuring = await createProjectWorld(app, { features: materialChoice });
    expect(await abilities(structuring, 'member')).toMatchObject({ canOpenInfoSheet: true });
    const later = await createProjectWorld(app, { features: supplier, state: 'PendingContract' });
    expect(await abilities(later, 'member')).toMatchObject({ canOpenInfoSheet: false });
    expect(await abilities(later, 'planner')).toMatchObject({ canOpenInfoSheet: true });
    const off = await createProjectWorld(app);
    expect(await abilities(off, 'planner')).toMatchObject({ canOpenInfoSheet: false });
  });

  it('gates the New-unit tile and unit creation on a valid sheet', async () => {
    const w = await createProjectWorld(app, { features: materialChoice });
    const detail = async () =>
      (await w.call('planner', 'GET', `${base}/projects/${w.root.project_unit_id}`)).json().abilities;
    expect(await detail()).toMatchObject({ canCreateChildren: false, infoSheetValid: false });
    const create = () =>
      w.call('planner', 'POST', `${base}/projects`, {
        parentProjectUnitID: w.root.project_unit_id,
        rootProjectUnitID: w.root.project_unit_id,
        projectUnitType: 'subproject',
        title: `Haus ${Math.random()}`,
      });
    const refused = await create();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messages[0].message).toBe('PROJECT.Units.InfoSheetInvalid');

    await w.call('planner', 'PUT', url(w), { data: stored(completeGeneral()) });
    expect(await detail()).toMatchObject({ canCreateChildren: true, infoSheetValid: true });
    expect((await create()).statusCode).toBe(200);
  });

  it('gates Structuring finished on a valid sheet', async () => {
    const w = await createProjectWorld(app, { features: materialChoice });
    const hint = async () =>
      (await w.call('planner', 'GET', `${base}/projectunitstates/${w.root.project_unit_id}/actions`)).json().actions[0]
        .hint;
    // A material without a volume: the structure is not valid, and its message comes first.
    await w.db
      .insertInto('materials')
      .values({ project_unit_id: w.lot.project_unit_id, type: 'aac', volume: 0, delivery_date: '2027-03-01' })
      .execute();
    expect(await hint()).toBe('WORKFLOW.Guard.structureValid');
    await w.db
      .updateTable('materials')
      .set({ volume: 80 })
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .execute();
    const finish = () =>
      w.call('planner', 'PUT', `${base}/projectunitstates/${w.root.project_unit_id}`, {
        projectUnitID: w.root.project_unit_id,
        stateKey: 'Structuring',
      });
    // A complete structure refused for the sheet: the message names the sheet.
    expect(await hint()).toBe('WORKFLOW.Guard.infoSheetValid');
    const refused = await finish();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages[0].message).toBe('WORKFLOW.Guard.infoSheetValid');
    await w.call('planner', 'PUT', url(w), { data: stored(completeGeneral()) });
    const done = await finish();
    expect(done.statusCode).toBe(200);
    // The internal members get the sheet as PDF.
    const mails = await w.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject'])
      .where('subject', 'like', 'Projektinformationsblatt%')
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      [w.planner.email, w.internalMember.email].filter((e) => e !== null).sort(),
    );
    const root = await w.db
      .selectFrom('project_units')
      .select('state_key')
      .where('project_unit_id', '=', w.root.project_unit_id)
      .executeTakeFirstOrThrow();
    expect(root.state_key).toBe('Preparing');
  });

  it('bounds every value before it is interpreted: an over-long worst-case e-mail is refused at once, the longest one saves without blocking, and its PDF renders', async () => {
    const w = await createProjectWorld(app, { features: supplier });
    // `a@` + `a.`×k + `@`: quadratic for a backtracking e-mail pattern.
    const worst = (length: number) => `a@${'a.'.repeat(length)}`.slice(0, length - 1) + '@';

    const started = performance.now();
    const huge = await w.call('member', 'PUT', url(w), { data: { 'ccl-project': { email: worst(256 * 1024) } } });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().messages).toEqual([
      expect.objectContaining({ message: 'VALIDATION.TooLong', reference: 'data.ccl-project.email' }),
    ]);
    expect((await w.call('planner', 'GET', url(w))).json().updatedAt).toBeNull();

    // Too many entries in a list, too many sheets: refused as well.
    const manyChips = await w.call('member', 'PUT', url(w), {
      data: { 'ccl-blocks': { blocks: Array.from({ length: LIMITS.sheetListItems + 1 }, () => 'x') } },
    });
    expect(manyChips.statusCode).toBe(400);
    const manySheets = Object.fromEntries(Array.from({ length: LIMITS.sheetCount + 1 }, (_, i) => [`s${i}`, {}]));
    expect((await w.call('member', 'PUT', url(w), { data: manySheets })).statusCode).toBe(400);

    // The longest value each text takes, the e-mail its worst case: saved, and the loop is not held up.
    const long = 'Lange Angabe '.repeat(LIMITS.sheetValue).slice(0, LIMITS.sheetValue);
    const data = {
      'ccl-project': { contractor: long, contactPerson: long, phone: long, email: worst(LIMITS.sheetValue) },
      'ccl-site': { permitBy: long, siteNotes: long },
      'ccl-nl': { constructor: 'x'.repeat(LIMITS.sheetValue) },
      'ccl-delivery': { firstDelivery: worst(LIMITS.sheetValue), deliveryNote: long },
    };
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const saved = await w.call('member', 'PUT', url(w), { data });
    delay.disable();
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data['ccl-project'].email).toBe(worst(LIMITS.sheetValue));
    expect(delay.max / 1e6).toBeLessThan(50);

    const pdf = await w.call('member', 'GET', `${url(w)}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain('Lange Angabe');
  }, 60_000);

  it('supplier: the sheet set by country and brick assortment, the delivery schedule, FirstDelivery as a param', async () => {
    const w = await createProjectWorld(app, { features: supplier });
    const names = async () =>
      (await w.call('planner', 'GET', url(w))).json().sheets.map((s: { name: string }) => s.name) as string[];
    expect(await names()).toContain('ccl-nl');
    const param = (key: string, value: string) =>
      w.db
        .insertInto('project_unit_params')
        .values({ project_unit_id: w.root.project_unit_id, param_key: key, param_value: value, created_on: new Date() })
        .execute();
    await param('Country', 'D');
    await param('BrickAssortment', 'true');
    const list = await names();
    expect(list).toEqual(['ccl-project', 'ccl-site', 'ccl-blocks-brick', 'ccl-de', 'ccl-delivery']);
    expect((await w.call('planner', 'GET', url(w))).json().setKey).toBe('de-alt');

    await w.db
      .updateTable('project_units')
      .set({ notes: 'Anlieferung über Tor 2' })
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .execute();
    await w.db
      .insertInto('materials')
      .values({ project_unit_id: w.lot.project_unit_id, type: 'cs', volume: 42.5, delivery_date: '2027-03-01' })
      .execute();
    const schedule = await w.call(
      'member',
      'GET',
      `/api/questionnaire/ccl-delivery-schedule/${w.root.project_unit_id}`,
    );
    expect(schedule.statusCode).toBe(200);
    expect(schedule.json()).toEqual([
      {
        projectUnitID: w.lot.project_unit_id,
        title: 'EG',
        subTitle: 'Haus A',
        custRef: w.lot.project_unit_no,
        features: ['cs 42.5 m³'],
        deliveryWeek: '2027-W09',
        note: 'Anlieferung über Tor 2',
      },
    ]);
    expect(
      (await w.call('foreign', 'GET', `/api/questionnaire/ccl-delivery-schedule/${w.root.project_unit_id}`)).statusCode,
    ).toBe(404);

    const saved = await w.call('planner', 'PUT', url(w), {
      data: { 'ccl-delivery': { firstDelivery: '2027-W10' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().isValid).toBe(false);
    const params = await w.call(
      'planner',
      'GET',
      `${base}/projectunitparams?projectUnitID=${w.root.project_unit_id}&paramKey=FirstDelivery`,
    );
    expect(params.json().data).toMatchObject([{ paramKey: 'FirstDelivery', paramValue: '2027-W10' }]);
    // Saving the same week again adds no second param.
    await w.call('planner', 'PUT', url(w), { data: { 'ccl-delivery': { firstDelivery: '2027-W10' } } });
    const again = await w.call(
      'planner',
      'GET',
      `${base}/projectunitparams?projectUnitID=${w.root.project_unit_id}&paramKey=FirstDelivery`,
    );
    expect(again.json().data).toHaveLength(1);
  });
});
