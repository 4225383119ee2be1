import type { FastifyReply } from 'fastify';
import { AppError, fieldError } from '../../../shared/errors';
import { isFeatureOn } from '../../../shared/rules/features';
import type {
  DeliveryLot,
  DeliveryLotInput,
  DeliveryLotPage,
  DeliveryOverviewInfo,
  DivergingDeliveries,
} from '../../../shared/schemas/delivery';
import type { ListQueryString } from '../../../shared/schemas/list';
import { mayConfirmDelivery, mayManageDeliveryLots, requireAccess, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { emitEvent, type PlatformEvent } from '../../platform/events';
import { preferenceFooter } from '../notifications/event-mails';
import { immediateRecipients, unsubscribeHeaders } from '../notifications/mail-preferences';
import { fetchList, parseListQuery, type ListResource } from '../../platform/list-query';
import { journalOnRoot } from '../projects/member-manage-service';
import { deliveryJournalTexts } from './journal-texts';
import { conversionsOf } from '../conversions/state';
import { sendConvertedModel } from '../viewer/fragments';
import * as repo from './lot-repository';
import { findNearestIfcVersion } from './model-tree-repository';
import { renderDeliveryConfirmedMail } from './mail-texts';

/** Fields of the delivery overview that `$filter` and `$orderby` may name (spec §7 "delivery-overview"). */
export const deliveryLotResource: ListResource = {
  fields: {
    title: { column: 'l.title', type: 'text' },
    deliveryDate: { column: 'l.delivery_date', type: 'date' },
    requestedDate: { column: 'l.requested_date', type: 'date' },
    confirmedDate: { column: 'l.confirmed_date', type: 'date' },
    deliveryType: { column: 'l.delivery_type', type: 'number' },
    rootProjectUnitID: { column: 'l.root_project_unit_id', type: 'number' },
  },
  defaultOrder: [{ field: 'deliveryDate', direction: 'asc' }],
  tieBreaker: 'l.delivery_lot_id',
  defaultTop: 20,
  maxTop: 100,
};

function toLot(r: repo.LotRow): DeliveryLot {
  const walls = r.walls ?? [];
  return {
    deliveryLotID: r.delivery_lot_id,
    rootProjectUnitID: r.root_project_unit_id,
    title: r.title,
    deliveryDate: r.delivery_date,
    requestedDate: r.requested_date,
    confirmedDate: r.confirmed_date,
    dateDiverges: r.confirmed_date !== null && r.confirmed_date !== r.requested_date,
    groups: r.groups,
    wallNos: walls.map((w) => w.name).join(', '),
    projectUnitIDs: r.unit_ids,
    wallGlobalIds: walls.map((w) => w.globalId),
    deliveryType: r.delivery_type,
  };
}

/** The overview and its lots exist only for tenants with the DeliveryOverview feature (spec §2); else 404. */
function requireOverviewFeature(access: ProjectAccess): void {
  if (!isFeatureOn(access.features, 'DeliveryOverview')) throw new AppError('NotFound');
}

async function requireRoot(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  permission: 'project.read' | 'delivery.manage',
) {
  const access = await requireAccess(ctx.db, user, { permission, id: rootId });
  if (access.unit.project_unit_id !== access.root.project_unit_id) throw new AppError('NotFound');
  requireOverviewFeature(access);
  return access;
}

/** A lot through its project: an unknown lot or an unreadable project answers 404. */
async function requireLot(
  ctx: ServiceContext,
  user: SessionUser,
  lotId: number,
  permission: 'delivery.manage' | 'delivery.confirm',
): Promise<{ access: ProjectAccess; lot: repo.LotRow }> {
  const rootId = await repo.findLotRoot(ctx.db, lotId);
  if (rootId === null) throw new AppError('NotFound');
  const access = await requireAccess(ctx.db, user, { permission, id: rootId });
  requireOverviewFeature(access);
  const lot = await repo.findLot(ctx.db, lotId);
  if (!lot) throw new AppError('NotFound');
  return { access, lot };
}

/** The list service delivery-overview: one project's lots, by default ordered by date ascending, 20 a page. */
export async function listDeliveryLots(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  query: ListQueryString,
): Promise<DeliveryLotPage> {
  await requireRoot(ctx, user, rootId, 'project.read');
  const list = parseListQuery(deliveryLotResource, { ...query, $count: 'true' });
  const { data, count } = await fetchList(repo.lotListBase(ctx.db, { rootId }), list);
  return { data: data.map(toLot), count: count ?? data.length };
}

export async function getDeliveryOverviewInfo(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
): Promise<DeliveryOverviewInfo> {
  const access = await requireRoot(ctx, user, rootId, 'project.read');
  const [root, lots, model] = await Promise.all([
    repo.findRoot(ctx.db, rootId),
    repo.findProjectApprovalLots(ctx.db, rootId),
    findNearestIfcVersion(ctx.db, [rootId]),
  ]);
  const conversion = model
    ? (await conversionsOf(ctx, [model.project_file_version_id])).get(model.project_file_version_id)
    : undefined;
  return {
    rootProjectUnitID: rootId,
    projectUnitNo: root.project_unit_no,
    title: root.title,
    canManage: mayManageDeliveryLots(access),
    canConfirm: mayConfirmDelivery(access),
    approvalLots: lots.map((l) => ({ projectUnitID: l.project_unit_id, title: l.title })),
    model:
      model && conversion
        ? { projectFileVersionID: model.project_file_version_id, fileName: model.name, conversion }
        : null,
  };
}

/**
 * The converted project model for the overview's 3D view. Only the version the overview names (the
 * newest IFC file on the project) is served; another id answers 404.
 */
export async function sendOverviewModel(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  versionId: number,
  reply: FastifyReply,
) {
  await requireRoot(ctx, user, rootId, 'project.read');
  await requireAccess(ctx.db, user, { permission: 'file.read', id: rootId });
  const model = await findNearestIfcVersion(ctx.db, [rootId]);
  if (!model || model.project_file_version_id !== versionId) throw new AppError('NotFound');
  return sendConvertedModel(ctx, versionId, reply);
}

async function checkApprovalLots(ctx: ServiceContext, rootId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const known = new Set((await repo.findProjectApprovalLots(ctx.db, rootId)).map((l) => l.project_unit_id));
  if (unique.some((id) => !known.has(id))) throw fieldError('approvalLotIDs', 'DELIVERY.Lots.UnknownApprovalLot');
  return unique;
}

function valuesOf(input: DeliveryLotInput): repo.LotValues {
  const walls = [...new Map(input.walls.map((w) => [w.globalId, w])).values()];
  return {
    title: input.title,
    requested_date: input.requestedDate,
    confirmed_date: input.confirmedDate,
    delivery_type: input.deliveryType,
    walls,
  };
}

export async function createDeliveryLot(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  input: DeliveryLotInput,
): Promise<DeliveryLot> {
  const access = await requireRoot(ctx, user, rootId, 'delivery.manage');
  const unitIds = await checkApprovalLots(ctx, rootId, input.approvalLotIDs);
  const now = ctx.clock.now();
  const lotId = await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertLot(trx, {
      ...valuesOf(input),
      tenant_id: access.root.tenant_id,
      root_project_unit_id: rootId,
      created_by: user.userId,
      now,
    });
    await repo.replaceLotUnits(trx, id, unitIds);
    await lotEvent(trx, 'delivery.lot.changed', access.root, user, id, 'created');
    await journalOnRoot(
      trx,
      access.root,
      user,
      now,
      deliveryJournalTexts(user.language).lotCreated(input.title, input.requestedDate),
    );
    return id;
  });
  return toLot(await loadLot(ctx, lotId));
}

/** The event of a lot change, on the project (the lot's approval lots are read through it). */
async function lotEvent(
  trx: Database,
  type: 'delivery.lot.changed' | 'delivery.confirmed',
  root: { project_unit_id: number; tenant_id: number },
  user: SessionUser,
  lotId: number,
  change: 'created' | 'changed' | 'deleted' | 'confirmed',
): Promise<PlatformEvent> {
  return emitEvent(trx, {
    type,
    tenantId: root.tenant_id,
    rootProjectUnitId: root.project_unit_id,
    projectUnitId: root.project_unit_id,
    actorUserId: user.userId,
    subject: { kind: 'deliveryLot', id: lotId },
    data: { change },
  });
}

/** A delivery lot as the API returns it (webhook payloads), or null when it is gone. */
export async function deliveryLotForWebhook(ctx: ServiceContext, lotId: number): Promise<DeliveryLot | null> {
  const lot = await repo.findLot(ctx.db, lotId);
  return lot ? toLot(lot) : null;
}

async function loadLot(ctx: ServiceContext, lotId: number): Promise<repo.LotRow> {
  const lot = await repo.findLot(ctx.db, lotId);
  if (!lot) throw new AppError('NotFound');
  return lot;
}

export async function updateDeliveryLot(
  ctx: ServiceContext,
  user: SessionUser,
  lotId: number,
  input: DeliveryLotInput,
): Promise<DeliveryLot> {
  const { access, lot } = await requireLot(ctx, user, lotId, 'delivery.manage');
  const unitIds = await checkApprovalLots(ctx, lot.root_project_unit_id, input.approvalLotIDs);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateLot(trx, lotId, valuesOf(input), now);
    await repo.replaceLotUnits(trx, lotId, unitIds);
    await lotEvent(trx, 'delivery.lot.changed', access.root, user, lotId, 'changed');
    await journalOnRoot(
      trx,
      access.root,
      user,
      now,
      deliveryJournalTexts(user.language).lotChanged(input.title, input.confirmedDate ?? input.requestedDate),
    );
  });
  return toLot(await loadLot(ctx, lotId));
}

export async function deleteDeliveryLot(ctx: ServiceContext, user: SessionUser, lotId: number): Promise<void> {
  const { access, lot } = await requireLot(ctx, user, lotId, 'delivery.manage');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteLot(trx, lotId);
    await lotEvent(trx, 'delivery.lot.changed', access.root, user, lotId, 'deleted');
    await journalOnRoot(trx, access.root, user, now, deliveryJournalTexts(user.language).lotDeleted(lot.title));
  });
}

/**
 * Confirms an OnCall or Planned lot: it becomes Fixed, its confirmed date is set (the requested
 * one unless the plant confirmed another), journaled, and the purchasers and the site contact hear of it.
 */
export async function confirmDeliveryLot(ctx: ServiceContext, user: SessionUser, lotId: number): Promise<DeliveryLot> {
  const { access, lot } = await requireLot(ctx, user, lotId, 'delivery.confirm');
  if (lot.delivery_type === 0) throw new AppError('Conflict', 'DELIVERY.Lots.AlreadyFixed');
  const confirmed = lot.confirmed_date ?? lot.requested_date;
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateLot(trx, lotId, { delivery_type: 0, confirmed_date: confirmed }, now);
    const event = await lotEvent(trx, 'delivery.confirmed', access.root, user, lotId, 'confirmed');
    await journalOnRoot(
      trx,
      access.root,
      user,
      now,
      deliveryJournalTexts(user.language).lotConfirmed(lot.title, confirmed),
    );
    await mailConfirmation({ ...ctx, db: trx }, lot, confirmed, event);
  });
  return toLot(await loadLot(ctx, lotId));
}

/**
 * The confirmation mails, queued in the confirmation's transaction (delivered by the outbox worker):
 * to the members who hear of it (the notification's recipients) and chose `immediately` for
 * confirmed deliveries, and to the project's site contact, who is no user and has no preferences.
 */
async function mailConfirmation(
  ctx: ServiceContext,
  lot: repo.LotRow,
  isoDate: string,
  event: PlatformEvent,
): Promise<void> {
  const root = await repo.findRoot(ctx.db, lot.root_project_unit_id);
  const contact = await repo.findSiteContact(ctx.db, lot.root_project_unit_id);
  const recipients = new Map<string, { language: string; userId: number | null }>();
  for (const u of await immediateRecipients(ctx.db, event))
    recipients.set(u.to, { language: u.language, userId: u.user_id });
  if (contact?.office_email && !recipients.has(contact.office_email))
    recipients.set(contact.office_email, { language: 'de', userId: null });
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/home/app/project/delivery-overview/${root.project_unit_id}`;
  for (const [to, { language, userId }] of recipients) {
    const mail = renderDeliveryConfirmedMail(language, {
      projectNo: root.project_unit_no,
      projectTitle: root.title,
      lotTitle: lot.title,
      groups: lot.groups,
      isoDate,
      link,
    });
    const footer =
      userId === null ? '' : `\n\n${preferenceFooter(language, ctx.config, userId, 'delivery.confirmed').text}`;
    await ctx.mailer.enqueue(ctx.db, {
      tenantId: root.tenant_id,
      to,
      subject: mail.subject,
      text: mail.text + footer,
      headers: userId === null ? undefined : unsubscribeHeaders(ctx.config, userId, 'delivery.confirmed'),
    });
  }
}

/**
 * The dashboard list "deliveries with diverging dates": upcoming lots whose confirmed date is not the
 * requested one, of the projects the user is a member of (those concerned). The session is the check.
 */
export async function listDivergingDeliveries(ctx: ServiceContext, user: SessionUser): Promise<DivergingDeliveries> {
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const { rows, count } = await repo.findDivergingLots(ctx.db, user.userId, today, 10);
  return {
    data: rows.map((r) => ({
      deliveryLotID: r.delivery_lot_id,
      rootProjectUnitID: r.root_project_unit_id,
      projectUnitNo: r.project_unit_no,
      projectTitle: r.project_title,
      title: r.title,
      requestedDate: r.requested_date,
      confirmedDate: r.confirmed_date ?? r.requested_date,
    })),
    count,
  };
}
