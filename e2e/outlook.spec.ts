import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeBuilder } from './axe';
import { shot } from './shots';

const base = '/api/data/portal';
const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

async function setLanguage(page: Page, language: 'de' | 'nl') {
  const me = (await (await page.request.get('/api/account/me')).json()) as { userID: number };
  const res = await page.request.put(`${base}/users/${me.userID}`, { headers: xhr, data: { languageKey: language } });
  expect(res.status()).toBe(200);
  await page.evaluate((lang) => localStorage.setItem('planport.language', lang), language);
}

async function axe(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await axeBuilder(page).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(', ')}`);
}

const texts = {
  de: { title: 'Ausblick', show: 'Tabelle anzeigen', over: 'Über Kapazität', entries: /Projekte und Lose in KW/ },
  nl: {
    title: 'Vooruitblik',
    show: 'Tabel tonen',
    over: 'Boven capaciteit',
    entries: /Projecten en leveringen in week/,
  },
};

for (const language of ['de', 'nl'] as const) {
  test(`the planner reads the outlook, opens a column and finds the export's numbers (${language})`, async ({
    page,
    loginAs,
  }) => {
    const tx = texts[language];
    await loginAs('admin');
    await setLanguage(page, language);
    await page.goto('/home/app/outlook');
    await expect(page.getByRole('heading', { level: 1, name: tx.title })).toBeVisible();
    const plants = page.getByTestId('outlook-plant');
    await expect(plants.first()).toBeVisible();
    // The demo exceeds a plant's capacity in one of the coming weeks.
    await expect(page.getByText(`${tx.over}:`).first()).toBeVisible();
    await shot(page, `outlook-${language}`, { fullPage: true });
    expect(await axe(page)).toEqual([]);

    // The table behind the first plant's chart, and the projects behind a column with volume.
    await plants.first().getByRole('button', { name: tx.show }).click();
    const table = plants.first().getByTestId('outlook-table');
    await expect(table.locator('tbody tr')).toHaveCount(26);
    const filled = table.locator('tbody tr').filter({ hasNot: page.locator('td:last-child:text-is("0")') });
    const week = filled.first().getByRole('button');
    await week.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: tx.entries });
    await expect(dialog.getByTestId('outlook-entries').locator('tbody tr').first()).toBeVisible();
    await expect(dialog.getByRole('link').first()).toBeVisible();
    await shot(page, `outlook-${language}-column`);
    expect(await axe(page)).toEqual([]);
    // The projects behind the column come as a file too.
    await expect(dialog.getByRole('link', { name: /CSV/ })).toHaveAttribute('href', /outlook\/entries\/export\?/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The chart itself is reached by keyboard: arrows move between weeks, Enter opens the week.
    const chart = plants.first().locator('.recharts-surface[tabindex="0"]');
    await chart.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');

    // The CSV holds the chart's numbers: each plant's week totals.
    const volumes = (await (await page.request.get(`${base}/outlook/volumes`)).json()) as {
      plants: { plantId: number | null; name: string | null }[];
      weeks: { isoWeek: string }[];
      rows: { plantId: number | null; weekStart: string; volume: number; category: string }[];
    };
    const csv = await (await page.request.get(`${base}/outlook/volumes/export?format=csv`)).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(lines).toHaveLength(volumes.plants.length * 26);
    const fromCsv = lines.reduce((s, l) => s + Number(l.split(';')[7]!.replace(',', '.')), 0);
    const fromChart = volumes.rows.reduce((s, r) => s + r.volume, 0);
    expect(fromCsv).toBeCloseTo(fromChart, 3);
    const xlsx = await page.request.get(`${base}/outlook/volumes/export?format=xlsx`);
    expect(xlsx.status()).toBe(200);
    expect((await xlsx.body()).subarray(0, 2).toString()).toBe('PK');
  });
}

test('external users find no outlook', async ({ page, loginAs }) => {
  await loginAs('customer', '/home/app/outlook');
  await expect(page.getByRole('heading', { level: 1, name: 'Ausblick' })).toHaveCount(0);
  expect((await page.request.get(`${base}/outlook/volumes`)).status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Ausblick' })).toHaveCount(0);
});
