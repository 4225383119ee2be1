import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionActors, signInActors } from '../../test/actors';
import { createTestApp, signIn } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createCompanyUser, createUser, createWorld, TEST_PASSWORD } from '../../test/factories';

const base = '/api/data/portal';

function imageForm(buf: Buffer, field = 'image', name = 'thumbnail.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(buf)], { type }), name);
  return form;
}

describe('profile', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('loads the profile in the spec shape', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal });
    const res = await call('internal', 'GET', `${base}/profile`);
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
    expect((await call('internal', 'GET', '/api/data/other/profile')).statusCode).toBe(404);
  });

  it('saves settings, personal data, contact and address', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal });
    const post = (path: string, payload: object) => call('internal', 'POST', `${base}/${path}`, payload);
    expect((await post('profilesettings', { dailyStatusMail: true })).statusCode).toBe(200);
    expect((await post('profileuserprofile', { firstName: ' Erika ', lastName: 'Muster' })).statusCode).toBe(200);
    expect((await post('profilecontact', { officePhone: '+49 1', companyMobile: '' })).statusCode).toBe(200);
    expect(
      (await post('profileaddress', { name: 'Bau AG', street1: 'Weg 1', street2: null, zip: '12345', city: 'Celle' }))
        .statusCode,
    ).toBe(200);
    const { data } = (await call('internal', 'GET', `${base}/profile`)).json();
    expect(data.userProfile).toMatchObject({ firstName: 'Erika', lastName: 'Muster', dailyStatusMail: true });
    expect(data.contact).toEqual({ officePhone: '+49 1', companyMobile: null });
    expect(data.address).toEqual({ name: 'Bau AG', street1: 'Weg 1', street2: null, zip: '12345', city: 'Celle' });
  });

  it('blocks contact data until first and last name exist (§6)', async () => {
    const db = await getTestDatabase();
    const { tenant } = await createWorld(db);
    const nameless = await createUser(db, tenant.tenant_id, { first_name: 'Nur', last_name: null });
    const { call } = await signInActors(app, { nameless });
    const res = await call('nameless', 'POST', `${base}/profilecontact`, { officePhone: '1', companyMobile: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0].message).toBe('PROFILE.Contact.NeedsName');
    await call('nameless', 'POST', `${base}/profileuserprofile`, { firstName: 'Nur', lastName: 'Einer' });
    const ok = await call('nameless', 'POST', `${base}/profilecontact`, { officePhone: '1', companyMobile: null });
    expect(ok.statusCode).toBe(200);
  });

  it('requires first and last name', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal });
    const res = await call('internal', 'POST', `${base}/profileuserprofile`, { firstName: ' ', lastName: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0]).toMatchObject({ message: 'VALIDATION.IsRequired', reference: 'firstName' });
  });

  it('changes the password with the rules of §5 and ends the other sessions', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal, otherSession: internal });
    const change = (payload: object) => call('internal', 'PUT', '/api/account/portal/password', payload);

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
    expect((await call('internal', 'GET', '/api/account/me')).statusCode).toBe(200);
    expect((await call('otherSession', 'GET', '/api/account/me')).statusCode).toBe(401);
    await signIn(app, internal.login, 'Neu-Pass1');
  });

  it('refuses password change, personal-data edit and image delete for external logins (403)', async () => {
    const db = await getTestDatabase();
    const { tenant } = await createWorld(db);
    const { call } = await sessionActors(app, { sso: await createCompanyUser(db, tenant.tenant_id) });
    const pw = await call('sso', 'PUT', '/api/account/portal/password', {
      oldPassword: 'Old-pass1',
      newPassword: 'Neu-Pass1',
      confirmNewPassword: 'Neu-Pass1',
    });
    expect(pw.statusCode).toBe(403);
    expect(pw.json().messages[0].message).toBe('ERRORMESSAGES.NotAllowed');
    const personal = await call('sso', 'POST', `${base}/profileuserprofile`, { firstName: 'A', lastName: 'B' });
    expect(personal.statusCode).toBe(403);
    const del = await call('sso', 'DELETE', `${base}/profilefiles/thumbnail.png`);
    expect(del.statusCode).toBe(403);
    const profile = (await call('sso', 'GET', `${base}/profile`)).json();
    expect(profile.data.isExternalLogin).toBe(true);
    expect(profile.data.userProfile.firstName).toBe('Test');
    // Contact data and settings stay editable.
    expect(
      (await call('sso', 'POST', `${base}/profilecontact`, { officePhone: '1', companyMobile: '2' })).statusCode,
    ).toBe(200);
  });

  it('sets only the own language', async () => {
    const { internal, external } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal });
    const put = (id: number, languageKey: string) => call('internal', 'PUT', `${base}/users/${id}`, { languageKey });
    expect((await put(internal.user_id, 'nl')).statusCode).toBe(200);
    expect((await call('internal', 'GET', '/api/account/me')).json().language).toBe('nl');
    expect((await put(external.user_id, 'en')).statusCode).toBe(404);
    expect((await put(internal.user_id, 'fr')).statusCode).toBe(400);
  });

  it('stores an uploaded image as a 256×256 PNG and serves it to the same tenant only', async () => {
    const db = await getTestDatabase();
    const { internal, external } = await createWorld(db);
    const foreign = await createWorld(db);
    const { call } = await signInActors(app, { internal, colleague: external, stranger: foreign.internal });
    const jpeg = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    // The name claims .gif; the signature decides.
    const up = await call(
      'internal',
      'POST',
      `${base}/profilefiles/thumbnail.png`,
      imageForm(jpeg, 'image', 'x.gif', 'image/gif'),
    );
    expect(up.statusCode).toBe(200);

    const img = await call('colleague', 'GET', `${base}/profilefiles/${internal.user_id}/thumbnail.png?ts=1`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });

    expect((await call('stranger', 'GET', `${base}/profilefiles/${internal.user_id}/thumbnail.png`)).statusCode).toBe(
      404,
    );
    expect((await call('internal', 'GET', `${base}/profilefiles/${external.user_id}/thumbnail.png`)).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: `${base}/profilefiles/${internal.user_id}/thumbnail.png` })).statusCode).toBe(401);

    expect((await call('internal', 'DELETE', `${base}/profilefiles/thumbnail.png`)).statusCode).toBe(200);
    expect((await call('internal', 'GET', `${base}/profilefiles/${internal.user_id}/thumbnail.png`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a non-image and a 50-megapixel image, storing nothing', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal });
    const upload = (buf: Buffer, name = 'a.png') =>
      call('internal', 'POST', `${base}/profilefiles/thumbnail.png`, imageForm(buf, 'image', name));

    const text = await upload(Buffer.from('%PDF-1.7 not an image at all'), 'evil.png');
    expect(text.statusCode).toBe(415);
    expect(text.json().messages[0].message).toBe('PROFILE.Image.InvalidType');

    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const big = await upload(huge);
    expect(big.statusCode).toBe(413);
    expect(big.json().messages[0].message).toBe('PROFILE.Image.TooLarge');

    const wrongField = await call('internal', 'POST', `${base}/profilefiles/thumbnail.png`, imageForm(huge, 'file'));
    expect(wrongField.statusCode).toBe(400);

    const profile = (await call('internal', 'GET', `${base}/profile`)).json();
    expect(profile.data.userProfile.hasProfileImage).toBe(0);
  });
});
