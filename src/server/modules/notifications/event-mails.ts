import type { NotificationType } from '../../../shared/schemas/notifications';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import type { EventWriter, PlatformEvent } from '../../platform/events';
import { greeting, t } from '../../platform/i18n';
import * as mailRepo from './mail-repository';
import {
  immediateRecipients,
  unsubscribeHeaders,
  unsubscribeLink,
  wantsImmediately,
  type UnsubscribeKind,
} from './mail-preferences';

/**
 * The kinds whose mail is this generic one. The others keep their own, richer mail, sent by the
 * change itself to the same recipients and by the same preference (`immediateRecipients`): an
 * order's summary (`order.placed`, `order.confirmed`: modules/orders/order-mail.ts), a delivery's
 * confirmation (modules/delivery/lot-service.ts), the "you were added" mail
 * (modules/projects/member-manage-service.ts) and the mention with its text (modules/viewer).
 * A revision request's mail with the open topics (modules/viewer/decision.ts) goes to the holders
 * of the new task who want review decisions by mail: they get neither generic mail of it.
 */
export const GENERIC_MAIL_KINDS: readonly NotificationType[] = [
  'task.assigned',
  'unit.state.changed',
  'file.version.added',
  'review.decided',
  'delivery.lot.changed',
];

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const stateName = (lang: string, key: unknown) =>
  typeof key === 'string' ? t(lang, `STATES.${key}`, { defaultValue: key }) : '';

/** What happened, in the words of the notification centre (NOTIFY.Kind). */
export function eventText(lang: string, type: string, details: Record<string, unknown>): string {
  switch (type as NotificationType) {
    case 'task.assigned':
      return t(lang, 'NOTIFY.Kind.TaskAssigned', { state: stateName(lang, details.taskKey) });
    case 'unit.state.changed':
      return t(lang, 'NOTIFY.Kind.StateChanged', { state: stateName(lang, details.newState) });
    case 'file.version.added':
      return t(lang, 'NOTIFY.Kind.FileVersionAdded', { version: Number(details.versionNo ?? 1) });
    case 'review.decided':
      return t(lang, details.decision === 'approve' ? 'NOTIFY.Kind.ReviewApproved' : 'NOTIFY.Kind.RevisionRequested');
    case 'order.placed':
      return t(lang, 'NOTIFY.Kind.OrderPlaced');
    case 'order.confirmed':
      return t(lang, 'NOTIFY.Kind.OrderConfirmed');
    case 'delivery.lot.changed':
      return t(
        lang,
        details.change === 'created'
          ? 'NOTIFY.Kind.LotCreated'
          : details.change === 'deleted'
            ? 'NOTIFY.Kind.LotDeleted'
            : 'NOTIFY.Kind.LotChanged',
      );
    case 'delivery.confirmed':
      return t(lang, 'NOTIFY.Kind.DeliveryConfirmed');
    case 'member.added':
      return t(lang, 'NOTIFY.Kind.MemberAdded');
    case 'mention':
      return t(lang, 'NOTIFY.Kind.Mentioned');
    default:
      return type;
  }
}

/** The page of a unit in the portal (the project page for the root). */
export function unitLink(publicUrl: string, rootId: number, unitId: number | null): string {
  const base = `${publicUrl.replace(/\/$/, '')}/home/app/project/details/${rootId}`;
  return unitId === null || unitId === rootId ? base : `${base}/${unitId}`;
}

/** The footer of every notification mail: why it came, and the one-click way out of this kind. */
export function preferenceFooter(
  lang: string,
  config: ServiceContext['config'],
  userId: number,
  kind: UnsubscribeKind,
): { text: string; html: string } {
  const link = unsubscribeLink(config, userId, kind);
  const why = t(lang, kind === 'digest' ? 'MAIL.Preferences.DigestFooter' : 'MAIL.Preferences.Footer');
  const out = t(lang, 'MAIL.Preferences.Unsubscribe');
  return {
    text: `${why}\n${out}: ${link}`,
    html: `<p style="color:#868e96">${esc(why)} <a href="${esc(link)}">${esc(out)}</a></p>`,
  };
}

/** Of an event's recipients, those whom the richer revision mail of the same change does not reach. */
async function withoutRevisionMailReaders<U extends { user_id: number }>(
  trx: Database,
  event: PlatformEvent,
  recipients: U[],
): Promise<U[]> {
  if (recipients.length === 0 || event.projectUnitId === null) return recipients;
  if (event.type === 'task.assigned' && event.data.cause === 'request-revision') {
    const wanted = await wantsImmediately(
      trx,
      recipients.map((u) => u.user_id),
      'review.decided',
    );
    return recipients.filter((u) => !wanted.has(u.user_id));
  }
  if (event.type === 'review.decided' && event.data.decision === 'request-revision') {
    // These recipients want review decisions by mail; the holders of the new task get the revision mail.
    const holders = await mailRepo.openTaskHolderIds(trx, event.projectUnitId);
    return recipients.filter((u) => !holders.has(u.user_id));
  }
  return recipients;
}

/** Queues the generic mail of an event to each recipient who chose `immediately` for its kind. */
export async function mailEvent(ctx: ServiceContext, trx: Database, event: PlatformEvent): Promise<number> {
  if (!GENERIC_MAIL_KINDS.includes(event.type as NotificationType) || event.rootProjectUnitId === null) return 0;
  const recipients = await withoutRevisionMailReaders(trx, event, await immediateRecipients(trx, event));
  if (recipients.length === 0) return 0;
  const unit = await mailRepo.unitLabel(trx, event.projectUnitId ?? event.rootProjectUnitId);
  const by = event.actorUserId === null ? '' : await mailRepo.personName(trx, event.actorUserId);
  const link = unitLink(ctx.config.publicUrl, event.rootProjectUnitId, event.projectUnitId);
  const kind = event.type as NotificationType;
  for (const u of recipients) {
    const lang = u.language;
    const what = eventText(lang, event.type, event.data);
    const values = {
      what,
      no: unit?.project_unit_no ?? '',
      title: unit?.title ?? '',
      project: unit?.root_title ?? unit?.title ?? '',
    };
    const line = by ? t(lang, 'MAIL.Event.LineBy', { ...values, by }) : t(lang, 'MAIL.Event.Line', values);
    const hello = greeting(lang, [u.first_name, u.last_name].filter(Boolean).join(' '));
    const footer = preferenceFooter(lang, ctx.config, u.user_id, kind);
    const open = t(lang, 'MAIL.Event.Open');
    await ctx.mailer.enqueue(trx, {
      tenantId: event.tenantId,
      to: u.to,
      subject: t(lang, 'MAIL.Event.Subject', values),
      text: [hello, '', line, '', `${open} ${link}`, '', footer.text].join('\n'),
      html: `<p>${esc(hello)}</p><p>${esc(line)}</p><p><a href="${esc(link)}">${esc(open)}</a></p>` + footer.html,
      headers: unsubscribeHeaders(ctx.config, u.user_id, kind),
    });
  }
  return recipients.length;
}

/**
 * The applications whose mailer writes the event mails. An event writer has no application of
 * its own; the newest open one (normally the only one in a process) queues the mails, so two test
 * applications in one process never send an event's mail twice.
 */
const contexts: ServiceContext[] = [];

export const writeEventMails: EventWriter = async (trx, event) => {
  const ctx = contexts.at(-1);
  if (ctx) await mailEvent(ctx, trx, event);
};

/** Sends the event mails through `ctx` until the returned function is called (at close). */
export function useEventMails(ctx: ServiceContext): () => void {
  contexts.push(ctx);
  return () => {
    const i = contexts.indexOf(ctx);
    if (i >= 0) contexts.splice(i, 1);
  };
}
