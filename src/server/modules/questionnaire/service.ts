import { AppError } from '../../../shared/errors';
import type { DefinitionFile, FormData, Sheet } from '../../../shared/questionnaire/definition';
import { evaluate, fromStored, toStored } from '../../../shared/questionnaire/engine';
import { materialsOfSheets, sheetsFor } from '../../../shared/questionnaire/variants';
import { isFeatureOn, type Features } from '../../../shared/rules/features';
import type { DeliveryScheduleEntry, Questionnaire, SaveQuestionnaire } from '../../../shared/schemas/questionnaire';
import { mayEditSheet, requireAccess, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { t } from '../../platform/i18n';
import type { Database } from '../../platform/db/database';
import type { Guard } from '../workflow/guards';
import type { WorkflowEffect } from '../workflow/effects';
import { printModel, type PrintLanguage } from '../../../shared/questionnaire/print';
import { renderPdfInWorker, requirePdfRoom } from '../../platform/pdf/print-pdf';
import { definitionOf, variantOf } from './definitions';
import * as repo from './repository';

/** The supplier's sheet stores the first delivery week here and as the project's FirstDelivery param. */
const FIRST_DELIVERY = { sheet: 'ccl-delivery', control: 'firstDelivery', param: 'FirstDelivery' } as const;

type ProjectSheets = { file: DefinitionFile; sheets: Sheet[]; setKey: string | null };

async function sheetsOfProject(db: Database, rootId: number, features: Features): Promise<ProjectSheets> {
  const file = definitionOf(variantOf(features));
  if (file.variant !== 'supplier') return { file, ...sheetsFor(file, { country: null, brickAssortment: null }) };
  const params = await repo.latestParams(db, rootId, ['Country', 'BrickAssortment']);
  const chosen = sheetsFor(file, {
    country: params.get('Country') ?? null,
    brickAssortment: params.get('BrickAssortment') ?? null,
  });
  return { file, ...chosen };
}

/** The questionnaire belongs to the root, and exists only with the ProjectInfoSheet feature. */
function requireSheetRoot(access: ProjectAccess): number {
  if (access.unit.project_unit_id !== access.root.project_unit_id) throw new AppError('NotFound');
  if (!isFeatureOn(access.features, 'ProjectInfoSheet')) throw new AppError('NotFound');
  return access.root.project_unit_id;
}

async function load(db: Database, access: ProjectAccess): Promise<Questionnaire> {
  const rootId = access.root.project_unit_id;
  const { file, sheets, setKey } = await sheetsOfProject(db, rootId, access.features);
  const row = await repo.findSheet(db, rootId);
  const root = await repo.findRoot(db, rootId);
  if (!root) throw new AppError('NotFound');
  const data = fromStored(sheets, row?.data);
  return {
    rootUnitId: rootId,
    projectNo: root.project_unit_no,
    title: root.title,
    variant: file.variant,
    setKey,
    sheets,
    data: { ...toStored(sheets, data), _versions: row?.data._versions ?? {} },
    isValid: row?.is_valid ?? false,
    canEdit: mayEditSheet(access),
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function getQuestionnaire(ctx: ServiceContext, user: SessionUser, rootId: number): Promise<Questionnaire> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: rootId });
  requireSheetRoot(access);
  return load(ctx.db, access);
}

/**
 * Saves the sheet data. The edit rule is checked first (403 for readers who may not edit); the
 * data is brought in line with the current definitions and its validity computed here — the
 * client's `isValid` is never trusted. The supplier's first delivery week becomes the project's
 * FirstDelivery param when it changed.
 */
export async function saveQuestionnaire(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  body: SaveQuestionnaire,
): Promise<Questionnaire> {
  const access = await requireAccess(ctx.db, user, { permission: 'sheet.edit', id: rootId });
  requireSheetRoot(access);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const { file, sheets } = await sheetsOfProject(trx, rootId, access.features);
    // Sheets of another set (the country changed) are kept as they were.
    const previous = await repo.findSheet(trx, rootId);
    const data = fromStored(sheets, body.data);
    const { isValid } = evaluate(sheets, data);
    await repo.saveSheet(trx, {
      rootId,
      data: { ...(previous?.data ?? {}), ...toStored(sheets, data) },
      isValid,
      userId: user.userId,
      now,
    });
    if (file.variant === 'supplier') await storeFirstDelivery(trx, rootId, data, now);
  });
  return load(ctx.db, access);
}

async function storeFirstDelivery(db: Database, rootId: number, data: FormData, now: Date): Promise<void> {
  const week = data[FIRST_DELIVERY.sheet]?.[FIRST_DELIVERY.control];
  if (typeof week !== 'string' || week.trim() === '') return;
  const current = (await repo.latestParams(db, rootId, [FIRST_DELIVERY.param])).get(FIRST_DELIVERY.param);
  if (current !== week) await repo.insertParam(db, rootId, FIRST_DELIVERY.param, week, now);
}

/** ISO 8601 week of a `YYYY-MM-DD` date: `2027-W09`. */
export function isoWeek(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The supplier's delivery schedule box: one entry per approval lot, in structure order. */
export async function getDeliverySchedule(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
): Promise<DeliveryScheduleEntry[]> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: rootId });
  requireSheetRoot(access);
  const { lots, materials } = await repo.findScheduleLots(ctx.db, rootId);
  return lots.map((lot) => {
    const own = materials.filter((m) => m.project_unit_id === lot.project_unit_id);
    const dates = own.flatMap((m) => (m.delivery_date ? [m.delivery_date] : [])).sort();
    const date = dates[0] ?? lot.delivery_date;
    return {
      projectUnitID: lot.project_unit_id,
      title: lot.title,
      subTitle: lot.sub_title,
      custRef: lot.project_unit_no,
      features: own.map((m) => `${m.type} ${m.volume} m³`),
      deliveryWeek: date ? isoWeek(date) : null,
      note: lot.notes,
    };
  });
}

/**
 * Whether the information sheet lets the project go on (new units, Structuring finished): always
 * without the ProjectInfoSheet feature, else the validity the server stored with the last save.
 */
export async function isInfoSheetValid(db: Database, rootId: number, features: Features): Promise<boolean> {
  if (!isFeatureOn(features, 'ProjectInfoSheet')) return true;
  return infoSheetValidFrom(features, await repo.findSheetValidity(db, rootId));
}

/** The same decision from a validity read with other rows (`sheetValiditySql`; null: no sheet saved). */
export function infoSheetValidFrom(features: Features, stored: boolean | null): boolean {
  return !isFeatureOn(features, 'ProjectInfoSheet') || (stored ?? false);
}

/** The workflow guard of Structuring finished (with the structure's own guard, see app.ts). */
export const infoSheetValid: Guard = ({ trx, unit, features }) =>
  isInfoSheetValid(trx, unit.root_project_unit_id, features);

/**
 * Materials for approval lots (spec §5): the material-choice tenant's active material sheets
 * without the `xde-` prefix, `xde-general` excluded. Null when the sheet does not decide (another
 * variant, the feature off, or nothing saved yet); the caller then offers the tenant's catalogue.
 */
export async function materialsForApprovalLots(
  db: Database,
  rootId: number,
  features: Features,
): Promise<string[] | null> {
  if (!isFeatureOn(features, 'ProjectInfoSheet')) return null;
  const file = definitionOf(variantOf(features));
  if (file.variant !== 'material-choice') return null;
  const row = await repo.findSheet(db, rootId);
  if (!row) return null;
  return materialsOfSheets(file.sheets, fromStored(file.sheets, row.data));
}

/** The sheet's heading and the text of an empty sheet, as the print page says them. */
const headings = (lang: PrintLanguage) => ({
  heading: t(lang, 'QUESTIONNAIRE.Title'),
  empty: t(lang, 'QUESTIONNAIRE.PrintEmpty'),
});

const printLanguage = (language: string | null | undefined): PrintLanguage =>
  language === 'en' || language === 'nl' ? language : 'de';

/** The information sheet as PDF in a language: the print page's content, rendered in a worker. */
async function sheetPdf(
  ctx: ServiceContext,
  rootId: number,
  features: Features,
  language: string | null,
  key: readonly (string | number)[],
) {
  const lang = printLanguage(language);
  const { sheets } = await sheetsOfProject(ctx.db, rootId, features);
  const row = await repo.findSheet(ctx.db, rootId);
  const root = await repo.findRoot(ctx.db, rootId);
  if (!root) throw new AppError('NotFound');
  const model = printModel(sheets, fromStored(sheets, row?.data), lang);
  const pdf = await renderPdfInWorker(
    ctx.log,
    {
      heading: headings(lang).heading,
      title: `${root.project_unit_no} · ${root.title}`,
      sheets: model,
      emptyText: headings(lang).empty,
    },
    key,
  );
  return { pdf, fileName: `${headings(lang).heading} ${root.project_unit_no}.pdf` };
}

export async function getQuestionnairePdf(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  requirePdfRoom([user.tenantId, user.userId]);
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: rootId });
  requireSheetRoot(access);
  return sheetPdf(ctx, rootId, access.features, user.language, [user.tenantId, user.userId]);
}

/**
 * After Structuring finished: the internal members of the project get the information sheet as
 * PDF, each in their language (only with the ProjectInfoSheet feature).
 */
export const mailSheetAfterStructuring: WorkflowEffect = {
  key: 'project:structuring-finished',
  run: async (ctx, transition) => {
    const rootId = transition.unitId;
    const tenant = await repo.findTenantOfRoot(ctx.db, rootId);
    if (!tenant || !isFeatureOn(tenant.features, 'ProjectInfoSheet')) return;
    const recipients = await repo.findInternalMemberMails(ctx.db, rootId);
    for (const r of recipients) {
      if (!r.email) continue;
      const { pdf, fileName } = await sheetPdf(ctx, rootId, tenant.features, r.language, [
        tenant.tenant_id,
        'structuring-mail',
      ]);
      const lang = printLanguage(r.language);
      await ctx.mailer.enqueue(ctx.db, {
        tenantId: tenant.tenant_id,
        to: r.email,
        subject: `${headings(lang).heading}: ${fileName.replace(/\.pdf$/, '')}`,
        text: t(lang, 'MAIL.StructuringDone'),
        attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
      });
    }
  },
};
