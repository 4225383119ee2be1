import { createManualClock } from '../../platform/clock';
import { signInActors } from '../../test/actors';
import { createTestApp, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createSalesOrg, createWorld, uniq } from '../../test/factories';
import { present } from '../../../shared/present';

export const base = '/api/data/portal/tenant-users';
export const NEW_PASSWORD = 'Neu-Passw0rt';

/**
 * An app for the user administration's tests, on a manual clock, keeping the unredacted mails in
 * memory (where the tests read the links), with its helpers: a fresh tenant with a signed-in admin
 * (`world`, `call('admin', …)`), an invitation body, the last invitation link mailed to someone,
 * accepting it.
 */
export async function userAdminApp() {
  const clock = createManualClock();
  const app = await createTestApp({ clock, config: { e2eReset: true } });

  async function world() {
    const db = await getTestDatabase();
    const w = await createWorld(db);
    const nord = await createSalesOrg(db, w.tenant.tenant_id, { key: uniq('NORD'), title: 'Vertrieb Nord' });
    const { call } = await signInActors(app, { admin: w.admin });
    return { ...w, db, nord, call };
  }

  const invitation = (overrides: Record<string, unknown> = {}) => ({
    email: `${uniq('neu')}@Kunde.example`,
    firstName: 'Nora',
    lastName: 'Neu',
    isInternal: false,
    salesOrgID: null,
    language: 'en',
    ...overrides,
  });

  async function lastLink(to: string): Promise<{ link: string; token: string; subject: string; text: string }> {
    await app.ctx.mailer.deliverDue(500);
    const mail = [...app.ctx.mailer.recent].reverse().find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    const m = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!m) throw new Error('no invitation link');
    return { link: m[0], token: present(m[1]), subject: mail.subject, text: mail.text };
  }

  const accept = (token: string, password = NEW_PASSWORD, confirm = password) =>
    app.inject({
      method: 'POST',
      url: '/api/account/invitation/accept',
      headers: xhr,
      payload: { token, newPassword: password, confirmNewPassword: confirm },
    });

  return { app, clock, world, invitation, lastLink, accept };
}
