import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './profile-helpers';
import { shot } from './shots';

test('API tokens: create with scopes (secret shown once, copy), use it, see the last use, revoke after confirming', async ({
  loginAs,
  page,
}) => {
  await loginAs('admin');
  await page.getByRole('navigation').getByRole('link', { name: 'API-Tokens' }).click();
  await expect(page).toHaveURL(/\/home\/app\/admin\/api-tokens$/);
  await expect(page.getByRole('heading', { name: 'API-Tokens', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'api tokens list');

  const name = `ERP ${Date.now()}`;
  await page.getByRole('button', { name: 'Neues Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Token' });
  const save = dialog.getByRole('button', { name: 'Speichern' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(save).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Projekte lesen/ }).check();
  await dialog.getByRole('checkbox', { name: /Webhooks verwalten/ }).check();
  await expectNoAxeViolations(page, 'create token dialog');
  await shot(page, 'token-create', { fullPage: true });
  await save.click();

  const shown = page.getByRole('dialog', { name: 'Neues Token jetzt kopieren' });
  const secret = await shown.getByTestId('new-token-secret').inputValue();
  expect(secret).toMatch(/^pp_/);
  await expect(shown.getByRole('button', { name: 'Kopieren' })).toBeVisible();
  await expectNoAxeViolations(page, 'secret dialog');
  await shot(page, 'token-secret', { fullPage: true });
  await shown.getByRole('button', { name: 'Fertig' }).click();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('aktiv');
  await expect(row).toContainText('nie');
  await expect(row).not.toContainText(secret);

  // A machine's call: no cookie, no CSRF header.
  const api = await page.context().request.fetch('/api/data/portal/webhook-endpoints', {
    headers: { authorization: `Bearer ${secret}`, cookie: '' },
  });
  expect(api.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).not.toContainText(/Zuletzt benutzt.*nie/);

  await page.getByRole('button', { name: `Widerrufen: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Token widerrufen?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('widerrufen');
  const refused = await page.context().request.fetch('/api/data/portal/webhook-endpoints', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);
  await shot(page, 'token-revoked', { fullPage: true });
  await expectNoAxeViolations(page, 'api tokens after revoke');
});

test('Webhooks: register a local receiver, send a test event, see the signed delivery, resend it', async ({
  loginAs,
  page,
}) => {
  const received: { id: string; signature: string }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), signature: String(req.headers['webhook-signature']) });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook-${Date.now()}`;
  try {
    await loginAs('admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/home\/app\/admin\/webhooks$/);
    await expectNoAxeViolations(page, 'webhooks page');

    await page.getByRole('button', { name: 'Neuer Endpunkt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Endpunkt' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
    await dialog.getByRole('checkbox', { name: 'order.placed' }).check();
    await dialog.getByRole('checkbox', { name: 'delivery.confirmed' }).check();
    await expectNoAxeViolations(page, 'endpoint dialog');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toHaveCount(0);

    const card = page.getByRole('region', { name: url });
    await expect(card).toContainText('aktiv');
    await expect(card).toContainText('Noch keine Zustellungen.');
    await card.getByRole('button', { name: 'Testereignis senden' }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect(received[0]!.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    await card.getByRole('button', { name: 'Aktualisieren' }).click();
    const delivery = card.getByRole('row', { name: /webhook\.test/ });
    await expect(delivery).toContainText('zugestellt');
    await expect(delivery).toContainText('204');
    await shot(page, 'webhook-delivered', { fullPage: true });
    await expectNoAxeViolations(page, 'webhooks with a delivery');

    await delivery.getByRole('button', { name: /Erneut senden/ }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.id).toBe(received[0]!.id);

    await card.getByRole('button', { name: 'Geheimnis anzeigen' }).click();
    await expect(card.getByRole('textbox', { name: 'Signaturgeheimnis' })).toHaveValue(/^whsec_/);

    await card.getByRole('button', { name: 'Entfernen' }).click();
    await page.getByRole('dialog', { name: 'Endpunkt entfernen?' }).getByRole('button', { name: 'Entfernen' }).click();
    await expect(page.getByRole('region', { name: url })).toHaveCount(0);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
