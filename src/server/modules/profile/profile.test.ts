import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createUser, createWorld, TEST_PASSWORD } from '../../test/factories';

const base = '/api/data/portal';

function imageForm(buf: Buffer, field = 'image', name = 'thumbnail.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(buf)], { type }), name);
  return form;
}

async function externalUser() {
  const db = await getTestDatabase();
  const { tenant } = await createWorld(db);
  return createUser(db, tenant.tenant_id, {
    password_hash: null,
    external_issuer: 'https://idp.example',
    external_subject: `s-${Math.random()}`,
  });
}

describe('profile', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A signed-in session for an external-login user (they cannot sign in with a password). */
  async function sessionOf(userId: number): Promise<string> {
    const { createSession } = await import('../../platform/auth/session');
    const token = await createSession(await getTestDatabase(), userId, new Date());
    return `planport_session=${token}`;
  }

  it('loads the profile in the spec shape', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, internal.login, TEST_PASSWORD);
    const res = await app.inject({ url: `${base}/profile`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        user: { userID: internal.user_id, userLogin: internal.login, language: 'de' },
        userProfile: { firstName: 'Test', lastName: 'User', hasProfileImage: 0, dailyStatusMail: false },
        isExternalLogin: false,
        address: { name: null, street1: null, street2: null, zip: null, city: null },
        contact: { officePhone: null, companyMobile: null },
      },
    });
    expect((await app.inject({ url: '/api/data/other/profile', headers: { cookie } })).statusCode).toBe(404);
  });

  it('saves settings, personal data, contact and address', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, internal.login, TEST_PASSWORD);
    const post = (path: string, payload: object) =>
      app.inject({ method: 'POST', url: `${base}/${path}`, headers: { cookie, ...xhr }, payload });
    expect((await post('profilesettings', { dailyStatusMail: true })).statusCode).toBe(200);
    expect((await post('profileuserprofile', { firstName: ' Erika ', lastName: 'Muster' })).statusCode).toBe(200);
    expect((await post('profilecontact', { officePhone: '+49 1', companyMobile: '' })).statusCode).toBe(200);
    expect(
      (await post('profileaddress', { name: 'Bau AG', street1: 'Weg 1', street2: null, zip: '12345', city: 'Celle' }))
        .statusCode,
    ).toBe(200);
    const { data } = (await app.inject({ url: `${base}/profile`, headers: { cookie } })).json();
    expect(data.userProfile).toMatchObject({ firstName: 'Erika', lastName: 'Muster', dailyStatusMail: true });
    expect(data.contact).toEqual({ officePhone: '+49 1', companyMobile: null });
    expect(data.address).toEqual({ name: 'Bau AG', street1: 'Weg 1', street2: null, zip: '12345', city: 'Celle' });
  });

  it('blocks contact data until first and last name exist (§6)', async () => {
    const db = await getTestDatabase();
    const { tenant } = await createWorld(db);
    const nameless = await createUser(db, tenant.tenant_id, { first_name: 'Nur', last_name: null });
    const cookie = await signIn(app, nameless.login, TEST_PASSWORD);
    const res = await app.inject({
      method: 'POST',
      url: `${base}/profilecontact`,
      headers: { cookie, ...xhr },
      payload: { officePhone: '1', companyMobile: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0].message).toBe('PROFILE.Contact.NeedsName');
    await app.inject({
      method: 'POST',
      url: `${base}/profileuserprofile`,
      headers: { cookie, ...xhr },
      payload: { firstName: 'Nur', lastName: 'Einer' },
    });
    const ok = await app.inject({
      method: 'POST',
      url: `${base}/profilecontact`,
      headers: { cookie, ...xhr },
      payload: { officePhone: '1', companyMobile: null },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('requires first and last name', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, internal.login, TEST_PASSWORD);
    const res = await app.inject({
      method: 'POST',
      url: `${base}/profileuserprofile`,
      headers: { cookie, ...xhr },
      payload: { firstName: ' ', lastName: 'X' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0]).toMatchObject({ message: 'VALIDATION.IsRequired', reference: 'firstName' });
  });

  it('changes the password with the rules of §5 and ends the other sessions', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, internal.login, TEST_PASSWORD);
    const other = await signIn(app, internal.login, TEST_PASSWORD);
    const change = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/account/portal/password', headers: { cookie, ...xhr }, payload });

    const weak = await change({ oldPassword: TEST_PASSWORD, newPassword: 'abcdef', confirmNewPassword: 'abcdef' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().messages).toContainEqual({
      messageType: 'Error',
      message: 'VALIDATION.InvalidPasswordRequirements',
      reference: 'newPassword',
    });

    const same = await change({
      oldPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
      confirmNewPassword: TEST_PASSWORD,
    });
    expect(same.json().messages).toContainEqual({
      messageType: 'Error',
      message: 'PROFILE.PasswordDialog.SamePassword',
      reference: 'newPassword',
    });

    const mismatch = await change({
      oldPassword: TEST_PASSWORD,
      newPassword: 'Neu-Pass1',
      confirmNewPassword: 'Neu-Pass2',
    });
    expect(mismatch.json().messages).toContainEqual({
      messageType: 'Error',
      message: 'PROFILE.PasswordDialog.NewPasswordConfirmFail',
      reference: 'confirmNewPassword',
    });

    const missing = await change({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
    expect(missing.json().messages).toHaveLength(3);
    expect(missing.json().messages[0].message).toBe('VALIDATION.IsRequired');

    const wrongOld = await change({
      oldPassword: 'Wrong-pass1',
      newPassword: 'Neu-Pass1',
      confirmNewPassword: 'Neu-Pass1',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().code).toBe('InvalidPassword');

    const ok = await change({ oldPassword: TEST_PASSWORD, newPassword: 'Neu-Pass1', confirmNewPassword: 'Neu-Pass1' });
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/account/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/account/me', headers: { cookie: other } })).statusCode).toBe(401);
    await signIn(app, internal.login, 'Neu-Pass1');
  });

  it('refuses password change, personal-data edit and image delete for external logins (403)', async () => {
    const sso = await externalUser();
    const cookie = await sessionOf(sso.user_id);
    const pw = await app.inject({
      method: 'PUT',
      url: '/api/account/portal/password',
      headers: { cookie, ...xhr },
      payload: { oldPassword: 'Old-pass1', newPassword: 'Neu-Pass1', confirmNewPassword: 'Neu-Pass1' },
    });
    expect(pw.statusCode).toBe(403);
    expect(pw.json().messages[0].message).toBe('ERRORMESSAGES.NotAllowed');
    const personal = await app.inject({
      method: 'POST',
      url: `${base}/profileuserprofile`,
      headers: { cookie, ...xhr },
      payload: { firstName: 'A', lastName: 'B' },
    });
    expect(personal.statusCode).toBe(403);
    const del = await app.inject({
      method: 'DELETE',
      url: `${base}/profilefiles/thumbnail.png`,
      headers: { cookie, ...xhr },
    });
    expect(del.statusCode).toBe(403);
    const profile = (await app.inject({ url: `${base}/profile`, headers: { cookie } })).json();
    expect(profile.data.isExternalLogin).toBe(true);
    expect(profile.data.userProfile.firstName).toBe('Test');
    // Contact data and settings stay editable.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${base}/profilecontact`,
          headers: { cookie, ...xhr },
          payload: { officePhone: '1', companyMobile: '2' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('sets only the own language', async () => {
    const { internal, external } = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, internal.login, TEST_PASSWORD);
    const put = (id: number, languageKey: string) =>
      app.inject({ method: 'PUT', url: `${base}/users/${id}`, headers: { cookie, ...xhr }, payload: { languageKey } });
    expect((await put(internal.user_id, 'nl')).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/account/me', headers: { cookie } })).json().language).toBe('nl');
    expect((await put(external.user_id, 'en')).statusCode).toBe(404);
    expect((await put(internal.user_id, 'fr')).statusCode).toBe(400);
  });

  it('stores an uploaded image as a 256×256 PNG and serves it to the same tenant only', async () => {
    const db = await getTestDatabase();
    const { internal, external } = await createWorld(db);
    const foreign = await createWorld(db);
    const cookie = await signIn(app, internal.login, TEST_PASSWORD);
    const jpeg = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    // The name claims .gif; the signature decides.
    const up = await app.inject({
      method: 'POST',
      url: `${base}/profilefiles/thumbnail.png`,
      headers: { cookie, ...xhr },
      payload: imageForm(jpeg, 'image', 'x.gif', 'image/gif'),
    });
    expect(up.statusCode).toBe(200);

    const colleague = await signIn(app, external.login, TEST_PASSWORD);
    const img = await app.inject({
      url: `${base}/profilefiles/${internal.user_id}/thumbnail.png?ts=1`,
      headers: { cookie: colleague },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });

    const stranger = await signIn(app, foreign.internal.login, TEST_PASSWORD);
    expect(
      (
        await app.inject({
          url: `${base}/profilefiles/${internal.user_id}/thumbnail.png`,
          headers: { cookie: stranger },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ url: `${base}/profilefiles/${external.user_id}/thumbnail.png`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ url: `${base}/profilefiles/${internal.user_id}/thumbnail.png` })).statusCode).toBe(401);

    expect(
      (await app.inject({ method: 'DELETE', url: `${base}/profilefiles/thumbnail.png`, headers: { cookie, ...xhr } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: `${base}/profilefiles/${internal.user_id}/thumbnail.png`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a non-image and a 50-megapixel image, storing nothing', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, internal.login, TEST_PASSWORD);
    const upload = (buf: Buffer, name = 'a.png') =>
      app.inject({
        method: 'POST',
        url: `${base}/profilefiles/thumbnail.png`,
        headers: { cookie, ...xhr },
        payload: imageForm(buf, 'image', name),
      });

    const text = await upload(Buffer.from('%PDF-1.7 not an image at all'), 'evil.png');
    expect(text.statusCode).toBe(415);
    expect(text.json().messages[0].message).toBe('PROFILE.Image.InvalidType');

    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const big = await upload(huge);
    expect(big.statusCode).toBe(413);
    expect(big.json().messages[0].message).toBe('PROFILE.Image.TooLarge');

    const wrongField = await app.inject({
      method: 'POST',
      url: `${base}/profilefiles/thumbnail.png`,
      headers: { cookie, ...xhr },
      payload: imageForm(huge, 'file'),
    });
    expect(wrongField.statusCode).toBe(400);

    const profile = (await app.inject({ url: `${base}/profile`, headers: { cookie } })).json();
    expect(profile.data.userProfile.hasProfileImage).toBe(0);
  });
});
