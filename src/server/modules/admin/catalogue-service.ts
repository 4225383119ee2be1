import { AppError } from '../../../shared/errors';
import { textInLanguage } from '../../../shared/rules/text-in-language';
import type { OutboxMail, Plant, PreliminaryDays, ProductType } from '../../../shared/schemas/admin';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import { fetchList, parseListQuery, type ListResource } from '../../platform/list-query';
import type { ListQueryString } from '../../../shared/schemas/list';
import type { ServiceContext } from '../../platform/context';
import * as repo from './catalogue-repository';

/** Plants and product types of the user's tenant (catalogue data, readable by every user of it). */
export async function listPlants(ctx: ServiceContext, user: SessionUser): Promise<Plant[]> {
  const rows = await repo.findPlants(ctx.db, user.tenantId);
  return rows.map((r) => ({
    plantID: r.plant_id,
    name: textInLanguage(r.name_by_language, user.language, r.tenant_language, r.name),
  }));
}

export async function listProductTypes(ctx: ServiceContext, user: SessionUser): Promise<ProductType[]> {
  const rows = await repo.findProductTypes(ctx.db, user.tenantId);
  return rows.map((r) => ({
    productTypeID: r.product_type_id,
    title: textInLanguage(r.title_by_language, user.language, r.tenant_language, r.title),
  }));
}

export async function listPreliminaryDays(ctx: ServiceContext, user: SessionUser): Promise<PreliminaryDays[]> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const rows = await repo.findPreliminaryDays(ctx.db, user.tenantId);
  return rows.map((r) => ({
    productPlantPreliminaryDaysID: r.product_plant_preliminary_days_id,
    plantID: r.plant_id,
    productTypeID: r.product_type_id,
    preliminaryDays: r.preliminary_days,
  }));
}

/** One row per call (spec §7); a row of another tenant is unknown (404). */
export async function updatePreliminaryDays(
  ctx: ServiceContext,
  user: SessionUser,
  id: number,
  days: number,
): Promise<PreliminaryDays> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const row = await repo.updatePreliminaryDaysRow(ctx.db, user.tenantId, id, days);
  if (!row) throw new AppError('NotFound');
  return {
    productPlantPreliminaryDaysID: row.product_plant_preliminary_days_id,
    plantID: row.plant_id,
    productTypeID: row.product_type_id,
    preliminaryDays: row.preliminary_days,
  };
}

const outboxList: ListResource = {
  fields: {
    recipient: { column: 'recipient', type: 'text', sortable: true, filterable: true },
    subject: { column: 'subject', type: 'text', sortable: true, filterable: true },
    createdAt: { column: 'created_at', type: 'date', sortable: true, filterable: true },
    status: { column: 'status', type: 'text', sortable: true, filterable: true },
  },
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
  tieBreaker: 'mail_id',
  defaultTop: 20,
  maxTop: 100,
};

/** The e-mails of the admin's tenant kept in the outbox (DESIGN.md §6). */
export async function listOutbox(
  ctx: ServiceContext,
  user: SessionUser,
  query: ListQueryString,
): Promise<{ data: OutboxMail[]; count: number }> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const list = parseListQuery(outboxList, { ...query, $count: 'true' });
  const { data, count } = await fetchList(repo.outboxListBase(ctx.db, user.tenantId), list);
  return {
    data: data.map((m) => ({
      mailID: Number(m.mail_id),
      recipient: m.recipient,
      subject: m.subject,
      textBody: m.text_body,
      createdAt: new Date(m.created_at).toISOString(),
      sentAt: m.sent_at ? new Date(m.sent_at).toISOString() : null,
      status: m.status,
      attempts: m.attempts,
      nextAttemptAt:
        m.status === 'pending' || m.status === 'sending' ? new Date(m.next_attempt_at).toISOString() : null,
      lastError: m.last_error,
    })),
    count: count ?? data.length,
  };
}

/** An admin sends a failed mail of the own tenant again (fresh attempts, due now). */
export async function retryOutboxMail(ctx: ServiceContext, user: SessionUser, mailId: number): Promise<{ ok: true }> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  if (!(await ctx.mailer.retry(ctx.db, user.tenantId, mailId))) throw new AppError('NotFound');
  return { ok: true };
}
