import { summarizeAac, summarizeLintel } from '../../../shared/rules/order-summary';
import type { OrderConfirmation } from '../../../shared/schemas/orders';
import { localeOfLanguage } from '../../../shared/schemas/common';
import { serverLanguage, t as translate } from '../../platform/i18n';
import { loadOrderConfirmation } from './confirmation-service';
import { toAacProductIn, toLintelProductIn } from './mappers';
import * as repo from './repository';
import { emitEvent } from '../../platform/events';
import { preferenceFooter } from '../notifications/event-mails';
import { immediateRecipients, unsubscribeHeaders } from '../notifications/mail-preferences';
import type { ServiceContext } from '../../platform/context';

type Recipient = { email: string; language: string; name: string };

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The summary table of an order lot in one language, as text and html. */
export async function renderOrderSummary(
  ctx: ServiceContext,
  unitId: number,
  unitType: string,
  tenantId: number,
  language: string,
) {
  const t = (key: string, values?: Record<string, string>) => translate(language, key, values);
  const fmt = new Intl.NumberFormat(localeOfLanguage[serverLanguage(language)], { maximumFractionDigits: 2 });
  const n = (v: number) => fmt.format(v);
  let head: string[];
  let body: string[][];
  let total: string[];
  let smallVolume: boolean;
  if (unitType === 'aacorderlot') {
    const items = await repo.findAacItems(ctx.db, unitId);
    const products = new Map(
      (
        await repo.findAacProductsByIds(
          ctx.db,
          tenantId,
          items.map((i) => i.aac_product_id),
        )
      ).map((p) => [p.aac_product_id, toAacProductIn(language)(p)]),
    );
    const s = summarizeAac(
      items.map((i) => ({
        product: products.get(i.aac_product_id) ?? null,
        itemLength: Number(i.item_length),
        qty: i.qty,
      })),
    );
    head = ['Article', 'ArticleNo', 'Length', 'Area', 'Quantity', 'Pallets'].map((k) => t(`ORDER.Summary.${k}`));
    body = s.lines.map((l) => [l.title, l.articleNo, n(l.length), n(l.totalArea), n(l.totalQty), n(l.totalPallets)]);
    total = [t('ORDER.Summary.Total'), '', '', n(s.totalArea), n(s.totalQty), n(s.totalPallets)];
    smallVolume = s.smallVolume;
  } else {
    const items = await repo.findLintelItems(ctx.db, unitId);
    const products = new Map(
      (
        await repo.findLintelProductsByIds(
          ctx.db,
          tenantId,
          items.map((i) => i.lintel_product_id),
        )
      ).map((p) => [p.lintel_product_id, toLintelProductIn(language)(p)]),
    );
    const s = summarizeLintel(items.map((i) => ({ product: products.get(i.lintel_product_id) ?? null, qty: i.qty })));
    head = ['Article', 'Number', 'Height', 'Area', 'Quantity'].map((k) => t(`ORDER.Summary.${k}`));
    body = s.lines.map((l) => [l.title, l.itemNo, n(l.height), n(l.totalArea), n(l.totalQty)]);
    total = [t('ORDER.Summary.Total'), '', '', n(s.totalArea), n(s.totalQty)];
    smallVolume = s.smallVolume;
  }
  const text =
    [head, ...body, total].map((r) => r.join(' | ')).join('\n') + (smallVolume ? `\n\n${t('ORDER.SmallVolume')}` : '');
  const cell = (tag: string, v: string) =>
    `<${tag} style="border:1px solid #ccc;padding:4px 8px;text-align:left">${esc(v)}</${tag}>`;
  const html =
    `<table style="border-collapse:collapse">` +
    `<thead><tr>${head.map((h) => cell('th', h)).join('')}</tr></thead>` +
    `<tbody>${body.map((r) => `<tr>${r.map((v) => cell('td', v)).join('')}</tr>`).join('')}` +
    `<tr style="font-weight:bold">${total.map((v) => cell('td', v)).join('')}</tr></tbody></table>` +
    (smallVolume ? `<p><strong>${esc(t('ORDER.SmallVolume'))}</strong></p>` : '');
  return { text, html };
}

/**
 * The order confirmation with the order's summary (queued in `ctx.db`, the transaction of the
 * order): to the user who placed it (`order.confirmed`) and to the project's members who hear of
 * a placed order (`order.placed`) — the recipients of those notifications whose mail preference
 * for the kind is `immediately`.
 */
export async function sendOrderConfirmation(ctx: ServiceContext, unitId: number, actorUserId: number): Promise<void> {
  const unit = await repo.findUnitForOrderMail(ctx.db, unitId);
  if (!unit || unit.root_project_unit_id === null) return;
  // The confirmation the orderer hears of (the order.placed event told the project's members).
  const confirmed = await emitEvent(ctx.db, {
    type: 'order.confirmed',
    tenantId: unit.tenant_id,
    rootProjectUnitId: unit.root_project_unit_id,
    projectUnitId: unitId,
    actorUserId: null,
    subject: { kind: 'unit', id: unitId },
    data: { placedBy: actorUserId },
  });
  const placed = { ...confirmed, type: 'order.placed' as const, actorUserId, data: {} };
  const recipients: (Recipient & { userId: number; kind: 'order.confirmed' | 'order.placed' })[] = [];
  for (const [event, kind] of [
    [confirmed, 'order.confirmed'],
    [placed, 'order.placed'],
  ] as const) {
    for (const u of await immediateRecipients(ctx.db, event)) {
      if (recipients.some((r) => r.userId === u.user_id)) continue;
      const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
      recipients.push({ email: u.to, language: u.language, name, userId: u.user_id, kind });
    }
  }
  const actorName = await repo.findPersonName(ctx.db, actorUserId);
  const confirmation = await loadOrderConfirmation(ctx.db, unitId);
  for (const r of recipients) {
    const t = (key: string, values?: Record<string, string>) => translate(r.language, key, values);
    const summary = await renderOrderSummary(ctx, unitId, unit.project_unit_type, unit.tenant_id, r.language);
    const facts = confirmation ? confirmationFacts(confirmation, r.language) : [];
    const values = { no: unit.project_unit_no, title: unit.title, project: unit.root_title, user: actorName };
    const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/home/app/project/details/${unit.root_project_unit_id}/${unitId}/order-confirmation`;
    const intro = t('ORDER.Mail.Intro', values);
    const footer = preferenceFooter(r.language, ctx.config, r.userId, r.kind);
    await ctx.mailer.enqueue(ctx.db, {
      tenantId: unit.tenant_id,
      to: r.email,
      subject: t('ORDER.Mail.Subject', values),
      text: `${t('ORDER.Mail.Greeting', { name: r.name })}\n\n${intro}\n\n${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${summary.text}\n\n${t('ORDER.Mail.Link')} ${link}\n\n${footer.text}`,
      html:
        `<p>${esc(t('ORDER.Mail.Greeting', { name: r.name }))}</p><p>${esc(intro)}</p>` +
        `<table>${facts.map(([k, v]) => `<tr><th style="text-align:left;padding-right:12px">${esc(k)}</th><td>${esc(v).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>` +
        `${summary.html}<p><a href="${esc(link)}">${esc(t('ORDER.Mail.Link'))}</a></p>${footer.html}`,
      headers: unsubscribeHeaders(ctx.config, r.userId, r.kind),
    });
  }
}

/** The facts block of the confirmation (the page shows the same): order time, orderer, delivery date, site. */
export function confirmationFacts(c: OrderConfirmation, language: string): [string, string][] {
  const t = (key: string) => translate(language, key);
  const locale = localeOfLanguage[serverLanguage(language)];
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const time = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(
      new Date(iso),
    );
  const address = c.siteAddress
    ? [c.siteAddress.name, c.siteAddress.street1, [c.siteAddress.zip, c.siteAddress.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join('\n')
    : '';
  const contact = c.siteContact
    ? [c.siteContact.name, c.siteContact.officePhone, c.siteContact.companyMobile, c.siteContact.officeEMail]
        .filter(Boolean)
        .join('\n')
    : '';
  const none = t('ORDER.Confirmation.NotGiven');
  return [
    [t('ORDER.Confirmation.PlacedAt'), c.placedAt ? time(c.placedAt) : none],
    [t('ORDER.Confirmation.PlacedBy'), c.placedBy ?? none],
    [t('ORDER.Confirmation.DeliveryDate'), c.deliveryDate ? day(c.deliveryDate) : none],
    [t('ORDER.Confirmation.Site'), address || none],
    [t('ORDER.Confirmation.Contact'), contact || none],
  ];
}
