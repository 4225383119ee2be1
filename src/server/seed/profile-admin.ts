import type { BannerLevel } from '../../shared/schemas/admin';
import { createSecretBox } from '../platform/crypto/secret-box';
import { loadConfig } from '../config';
import type { Database } from '../platform/db/database';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, demoIssuer } from '../modules/oidc/demo-idp';

type Ids = { tenant: Record<string, number>; salesOrg: Record<string, number>; user: Record<string, number> };
type DemoBanner = {
  tenant: string;
  orgs: string[];
  title: string;
  text: string;
  level: BannerLevel;
  /** Days from now. */
  from: number;
  until: number;
};

/**
 * Demo rows of the admin area: a current banner per tenant (one targeted at the sales org NORD,
 * where the demo admin and planner work), one ended and one planned, so the list has all states.
 */
export async function seedProfileAdmin(trx: Database, ids: Ids, now = new Date()): Promise<void> {
  await seedDemoOidc(trx, ids);
  const day = 86_400_000;
  const banners: DemoBanner[] = [
    {
      tenant: 'aac',
      orgs: ['NORD'],
      title: 'Wartungsfenster am Samstag',
      text: 'Am Samstag zwischen 06:00 und 08:00 Uhr ist Planport wegen Wartungsarbeiten nicht erreichbar.',
      level: 'warning',
      from: -1,
      until: 14,
    },
    {
      tenant: 'aac',
      orgs: ['NORD', 'SUED'],
      title: 'Neue Preisliste 2027',
      text: 'Die Preisliste 2027 gilt ab dem 1. Januar.',
      level: 'info',
      from: 20,
      until: 40,
    },
    {
      tenant: 'aac',
      orgs: ['SUED'],
      title: 'Werksferien Sommer',
      text: 'Das Werk Süd war vom 1. bis 21. August geschlossen.',
      level: 'important',
      from: -60,
      until: -30,
    },
  ];
  for (const b of banners) {
    const tenantId = ids.tenant[b.tenant];
    const orgIds = b.orgs.map((o) => ids.salesOrg[o]).filter((id): id is number => id !== undefined);
    if (!tenantId || orgIds.length === 0) continue;
    const row = await trx
      .insertInto('banner_notifications')
      .values({
        tenant_id: tenantId,
        title: b.title,
        text: b.text,
        level: b.level,
        show_from: new Date(now.getTime() + b.from * day),
        show_until: new Date(now.getTime() + b.until * day),
      })
      .returning('notification_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('banner_notification_sales_orgs')
      .values(orgIds.map((id) => ({ notification_id: row.notification_id, sales_org_id: id })))
      .execute();
  }
}

/**
 * The demo tenant signs its external users in through the demo identity provider mounted at
 * /demo-idp of this server. The demo's external users have no subject yet: the first sign-in
 * links them by their verified e-mail address.
 */
async function seedDemoOidc(trx: Database, ids: Ids): Promise<void> {
  const tenantId = ids.tenant.aac;
  if (!tenantId) return;
  const config = loadConfig();
  const issuer = demoIssuer(config.publicUrl);
  await trx
    .insertInto('tenant_oidc')
    .values({
      tenant_id: tenantId,
      issuer,
      client_id: DEMO_CLIENT_ID,
      client_secret: createSecretBox(config.secretKey).seal(DEMO_CLIENT_SECRET),
      button_label: null,
    })
    .execute();
  await trx
    .updateTable('users')
    .set({ external_issuer: issuer, external_subject: null })
    .where('tenant_id', '=', tenantId)
    .where('external_issuer', 'is not', null)
    .execute();
}
