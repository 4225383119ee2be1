import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const base = '/api/data/portal';
const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

/** English words that never belong on a German or Dutch screen (product names aside). */
const english = [
  'the',
  'and',
  'please',
  'error',
  'invalid',
  'unknown',
  'small',
  'volume',
  'toggle',
  'visibility',
  'password',
  'image',
  'failed',
  'save',
  'cancel',
  'delete',
  'required',
  'expected',
  'received',
  'input',
  'field',
  'choose',
  'select',
  'edit',
  'close',
  'show',
  'hide',
  'rows',
  'entries',
  'allowed',
  'undefined',
  'string',
  'number',
];
const pattern = new RegExp(`\\b(${english.join('|')})\\b`, 'i');

/** Everything a user reads or hears on the page: visible text and the names of controls. */
async function screenWords(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(name);
        if (v) texts.push(v);
      }
    }
    return texts.join('\n').split('\n');
  });
}

async function expectNoEnglish(page: Page, label: string) {
  const hits = (await screenWords(page)).filter((line) => pattern.test(line));
  expect(hits, label).toEqual([]);
}

async function setLanguage(page: Page, language: 'de' | 'nl') {
  const me = (await (await page.request.get('/api/account/me')).json()) as { userID: number };
  const res = await page.request.put(`${base}/users/${me.userID}`, { headers: xhr, data: { languageKey: language } });
  expect(res.status()).toBe(200);
  await page.evaluate((lang) => localStorage.setItem('planport.language', lang), language);
}

for (const language of ['de', 'nl'] as const) {
  test(`no English on the order table, the unit dialogs and the profile (${language})`, async ({ page, loginAs }) => {
    await loginAs('customer');
    await setLanguage(page, language);
    const tasks = (await (await page.request.get('/api/tasks')).json()) as {
      taskKey: string;
      projectUnitType: string;
      projectUnitID: number;
      rootProjectUnitID: number;
    }[];
    for (const type of ['aacorderlot', 'lintelorderlot']) {
      const task = tasks.find((t) => t.taskKey === 'PlaceOrder' && t.projectUnitType === type)!;
      await page.goto(`/home/app/project/details/${task.rootProjectUnitID}/${task.projectUnitID}/order`);
      await expect(page.getByTestId(type === 'aacorderlot' ? 'aac-order-table' : 'lintel-order-table')).toBeVisible();
      await expectNoEnglish(page, `${language} ${type}`);
    }

    await page.goto('/home/app/profile');
    await expect(page.locator('h1')).toBeVisible();
    await expectNoEnglish(page, `${language} profile`);
    await page.getByTestId('change-password').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoEnglish(page, `${language} password dialog`);
    await page.keyboard.press('Escape');

    await loginAs('planner');
    await setLanguage(page, language);
    const projects = (await (await page.request.get(`${base}/projects/1`)).json()) as { projectUnitID: number };
    await page.goto(`/home/app/project/details/${projects.projectUnitID}`);
    await page.getByTestId('new-unit-tile').click();
    await page.getByTestId('type-tile-subproject-approval').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoEnglish(page, `${language} create dialog`);
  });
}
