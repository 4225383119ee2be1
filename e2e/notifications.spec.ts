import { DEMO_PASSWORD, demoLogin, expect, test } from './fixtures';
import { findUnit } from './files-helpers';
import { expectNoAxeViolations } from './profile-helpers';
import { shot } from './shots';

const base = '/api/data/portal';
const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

test('the bell counts what happened to me; the panel and the page list it and mark it read', async ({
  loginAs,
  page,
  playwright,
  baseURL,
}) => {
  await loginAs('reviewer');
  // Start from a read list, so the count below is exactly what the planner's change brings.
  await page.request.post('/api/notifications/read-all', { headers: xhr });
  const me = (await (await page.request.get('/api/account/me')).json()) as { userID: number };

  // The planner creates a project with the reviewer as a member: the reviewer hears of it.
  const planner = await playwright.request.newContext({ baseURL });
  expect(
    (
      await planner.post('/api/account/login', {
        headers: xhr,
        data: { login: demoLogin('planner'), password: DEMO_PASSWORD },
      })
    ).status(),
  ).toBe(200);
  const context = (await (await planner.get(`${base}/projects/creation-context`)).json()) as {
    defaultSalesOrgID: number | null;
    salesOrgs: { salesOrgID: number }[];
  };
  const created = await planner.post(`${base}/root-projects`, {
    headers: xhr,
    data: {
      title: 'Wohnpark Glockenblume',
      salesOrgID: context.defaultSalesOrgID ?? context.salesOrgs[0]!.salesOrgID,
      members: [{ userID: me.userID, memberRoleKeys: ['reviewer'] }],
    },
  });
  expect(created.status()).toBe(200);
  const projectId = ((await created.json()) as { projectUnitID: number }).projectUnitID;
  await planner.dispose();

  await page.reload();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Benachrichtigungen, 1 ungelesen');
  await expect(page.getByTestId('notification-count')).toContainText('1');
  await shot(page, 'bell');

  // The panel opens from the keyboard, lists the change, and closes with Escape.
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('notification-panel');
  await expect(panel).toBeVisible();
  const first = panel.getByTestId('notification-item').first();
  await expect(first).toContainText('Sie wurden dem Projekt hinzugefügt');
  await expect(first).toContainText('Wohnpark Glockenblume');
  await expect(first).toContainText('Jonas Meyer');
  await expect(first).toHaveAttribute('data-unread', 'true');
  await expectNoAxeViolations(page, 'notification panel');
  await shot(page, 'panel');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // The page: the same notification, linked to the project; marking it read empties the count.
  await page.goto('/home/app/notifications');
  await expect(page.getByRole('heading', { name: 'Benachrichtigungen' })).toBeVisible();
  const item = page.getByTestId('notifications-page').getByTestId('notification-item').first();
  await expect(item).toContainText('Sie wurden dem Projekt hinzugefügt');
  await expect(item.getByRole('link', { name: /Wohnpark Glockenblume/ })).toHaveAttribute(
    'href',
    `/home/app/project/details/${projectId}`,
  );
  await expectNoAxeViolations(page, 'notifications page');
  await shot(page, 'page-unread', { fullPage: true });
  await item.getByRole('button', { name: /Als gelesen markieren/ }).click();
  await expect(item).not.toHaveAttribute('data-unread', 'true');
  await expect(bell).toHaveAccessibleName('Benachrichtigungen');
  await expect(page.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeDisabled();
  await shot(page, 'page-read', { fullPage: true });

  // Following the link opens the project.
  await item.getByRole('link', { name: /Wohnpark Glockenblume/ }).click();
  await expect(page).toHaveURL(new RegExp(`/home/app/project/details/${projectId}$`));
});

test('a user to whom nothing happened sees the empty state', async ({ loginAs, page }) => {
  // The sales contact of the demo holds no task and was added to no project since the demo began.
  await loginAs('sales', '/home/app/notifications');
  await expect(page.getByRole('heading', { name: 'Benachrichtigungen' })).toBeVisible();
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Benachrichtigungen');
  await expect(page.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeDisabled();
  await expectNoAxeViolations(page, 'notifications page, empty');
  await shot(page, 'page-empty', { fullPage: true });
});

const demoKeyOf: Record<string, string> = {
  'Jonas Meyer': 'planner',
  'Lea Hoffmann': 'coordinator',
  'Murat Yilmaz': 'drafter',
  'Sophie Wagner': 'bim',
  'Karin Becker': 'backoffice',
  'Stefan Krüger': 'processor',
  'Julia Neumann': 'customer',
  'Anna Schulte': 'admin',
};

test('a mention: @ offers the project members in the answer field; the one chosen is notified', async ({
  loginAs,
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await loginAs('reviewer');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '1. OG');
  await page.goto(`/home/app/viewer/${rootId}/${unit.projectUnitID}/view`);
  const topic = page.getByTestId('topic').filter({ hasText: 'Innenwand ohne Öffnung' });
  const answer = topic.getByRole('textbox', { name: 'Antworten' });
  await answer.click();
  await answer.pressSequentially('Bitte ansehen @');
  const options = page.getByTestId('mention-option');
  await expect(options.first()).toBeVisible();
  await expectNoAxeViolations(page, 'mention choices');
  await shot(page, 'mention-choices');
  // The first offered member we can sign in as; narrowed by typing, chosen from the keyboard.
  const offered = (await options.allTextContents()).map((o) => o.replace(/\s*\(.*\)$/, ''));
  const name = offered.find((o) => demoKeyOf[o]);
  expect(name, `a demo member among ${offered.join(', ')}`).toBeTruthy();
  await answer.pressSequentially(name!.slice(0, 3));
  await expect(options.first()).toContainText(name!);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(answer).toHaveValue(`Bitte ansehen @${name} `);
  await answer.pressSequentially('danke');

  const mentioned = await playwright.request.newContext({ baseURL });
  expect(
    (
      await mentioned.post('/api/account/login', {
        headers: xhr,
        data: { login: demoLogin(demoKeyOf[name!]!), password: DEMO_PASSWORD },
      })
    ).status(),
  ).toBe(200);
  const mentions = async () =>
    ((await (await mentioned.get('/api/notifications?$top=100')).json()) as { data: { type: string }[] }).data.filter(
      (n) => n.type === 'mention',
    ).length;
  const before = await mentions();
  await topic.getByRole('button', { name: 'Senden' }).click();
  await expect(topic).toContainText(`Bitte ansehen @${name} danke`);
  await expect(answer).toHaveValue('');
  await expect.poll(mentions).toBe(before + 1);
  await mentioned.dispose();
  await shot(page, 'mention-sent');
});
