import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, lastMailTo } from './profile-helpers';
import { chooseMember, invitationLink, setOwnLanguage } from './onboarding-helpers';
import { shot } from './shots';

/**
 * A tenant starts without demo projects: an admin invites an external user, who accepts and sets
 * a password; a sales planner creates a project and adds the user as a reviewer (and processor,
 * the holder of the Structuring task); the user signs in and sees the project and the task.
 */

const suffix = Date.now() % 100000;
const PASSWORD = 'Willkommen-2026';

/** Opens the link in a fresh browser of the given locale and sets the password there. */
async function acceptInvitation(
  browser: Browser,
  link: string,
  locale: string,
  labels: { heading: string; password: string; confirm: string; submit: string; done: string },
  shotName: string,
) {
  const context = await browser.newContext({ locale });
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: labels.heading })).toBeVisible();
  await expectNoAxeViolations(guest, `accept invitation ${locale}`);
  await shot(guest, shotName);
  await guest.getByRole('textbox', { name: labels.password, exact: true }).fill(PASSWORD);
  await guest.getByRole('textbox', { name: labels.confirm }).fill(PASSWORD);
  await guest.getByRole('button', { name: labels.submit }).click();
  await expect(guest.getByRole('status')).toContainText(labels.done);
  return { context, guest };
}

test('an admin invites an external user, a sales planner makes them reviewer of a new project, they see it and its task', async ({
  loginAs,
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `nina.neukunde.${suffix}@kunde.example`;
  const title = `Wohnquartier Am Hafen ${suffix}`;

  // 1. The admin invites the user on the users page (external, German).
  await loginAs('admin', '/home/app/admin/users');
  await expect(page.getByRole('heading', { name: 'Benutzer', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'users page de');
  await page.getByRole('button', { name: 'Benutzer einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
  await dialog.getByLabel(/^E-Mail-Adresse/).fill(email);
  await dialog.getByLabel(/^Vorname/).fill('Nina');
  await dialog.getByLabel(/^Nachname/).fill('Neukunde');
  await expect(dialog.getByLabel('Interner Benutzer')).not.toBeChecked();
  await expectNoAxeViolations(page, 'invite dialog de');
  await shot(page, 'journey-01-admin-invite-de');
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`user-row-${email}`);
  await expect(row).toContainText('Eingeladen');
  await expect(row).toContainText('Extern');

  // 2. The user accepts with the link from the mail and sets a password.
  const link = await invitationLink(page.request, email);
  const { context: invitee, guest } = await acceptInvitation(
    browser,
    link,
    'de-DE',
    {
      heading: 'Einladung annehmen',
      password: 'Neues Passwort',
      confirm: 'Neues Passwort wiederholen',
      submit: 'Passwort festlegen',
      done: 'Ihr Passwort ist gespeichert',
    },
    'journey-02-accept-de',
  );
  await page.reload();
  await expect(page.getByTestId(`user-row-${email}`)).toContainText('Aktiv');

  // 3. A sales planner creates a project from the dashboard.
  await page.context().clearCookies();
  await loginAs('planner');
  await page.getByRole('link', { name: 'Neues Projekt' }).click();
  const create = page.getByRole('dialog', { name: 'Neues Projekt anlegen' });
  await create.getByLabel('Projekttitel').fill(title);
  await expectNoAxeViolations(page, 'create-project dialog de');
  await shot(page, 'journey-03-create-project-de');
  await create.getByRole('button', { name: 'Projekt anlegen' }).click();
  await expect(page).toHaveURL(/\/home\/app\/project\/details\/\d+$/);
  const projectId = Number(page.url().split('/').pop());

  // 4. … and adds the user as reviewer; as processor they hold the Structuring task.
  await page.getByTestId('members-card').getByRole('button', { name: 'Verwalten' }).click();
  const manage = page.getByRole('dialog', { name: 'Mitglieder verwalten' });
  const addForm = manage.getByTestId('add-member-form');
  await chooseMember(page, addForm, 'Neukunde', 'Nina Neukunde', ['Prüfer', 'Verarbeiter']);
  await manage.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByText('Nina Neukunde wurde hinzugefügt und per E-Mail benachrichtigt.')).toBeVisible();
  await expect(manage.getByTestId('manage-member-row').filter({ hasText: 'Nina Neukunde' })).toBeVisible();
  await expectNoAxeViolations(page, 'manage members dialog de');
  await shot(page, 'journey-04-members-de');
  // The invitation of a new user from the project (used in the English journey below), in German.
  await manage.getByRole('button', { name: 'Neuen Benutzer per E-Mail einladen' }).click();
  await expect(manage.getByTestId('invite-member-form')).toBeVisible();
  await expectNoAxeViolations(page, 'invite member form de');
  await shot(page, 'journey-04b-invite-from-project-de');
  await manage.getByTestId('invite-member-form').getByRole('button', { name: 'Abbrechen' }).click();
  await expect(addForm).toBeVisible();
  await manage.getByRole('button', { name: 'Schließen' }).last().click();
  await expect(page.getByTestId('member-tile').filter({ hasText: 'Nina Neukunde' })).toBeVisible();
  const added = await lastMailTo(browser, email, title);
  expect(added.subject).toContain(title);
  expect(added.textBody).toContain(`/home/app/project/details/${projectId}`);

  // 5. The user signs in and sees the project and its task.
  await guest.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
  await guest.getByLabel(/^E-Mail-Adresse/).fill(email);
  await guest.getByLabel(/^Passwort/).fill(PASSWORD);
  await guest.getByRole('button', { name: 'Anmelden' }).click();
  await expect(guest).toHaveURL(/\/home\/app\/dash$/);
  await guest.goto('/home/app/current-projects-list');
  await guest
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(guest).toHaveURL(new RegExp(`/home/app/project/details/${projectId}$`));
  const tasks = guest.getByTestId('project-tasks-panel');
  await expect(tasks.getByText('Strukturierung').first()).toBeVisible();
  // An external member does not manage members.
  await expect(guest.getByTestId('members-card').getByRole('button', { name: 'Verwalten' })).toHaveCount(0);
  await expectNoAxeViolations(guest, 'project details as the invitee de');
  await shot(guest, 'journey-05-invitee-project-de');
  await guest.goto('/home/app/task-list');
  await expect(guest.getByText(title).first()).toBeVisible();
  await shot(guest, 'journey-06-invitee-tasks-de');
  await invitee.close();
});

test('in English: a sales planner invites a new user directly from the project, who accepts and sees it', async ({
  loginAs,
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `bruno.bauleiter.${suffix}@bau.example`;
  const title = `Harbour Offices ${suffix}`;

  await loginAs('planner');
  await setOwnLanguage(page, 'en');
  await page.goto('/home/app/current-projects-list?create=1');
  const create = page.getByRole('dialog', { name: 'Create a new project' });
  await create.getByLabel('Project title').fill(title);
  await expectNoAxeViolations(page, 'create-project dialog en');
  await create.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/home\/app\/project\/details\/\d+$/);
  const projectId = Number(page.url().split('/').pop());

  // Invite from the members dialog: a new external user, in English, reviewer and processor.
  await page.getByTestId('members-card').getByRole('button', { name: 'Manage' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage members' });
  await manage.getByRole('button', { name: 'Invite a new user by e-mail' }).click();
  const form = manage.getByTestId('invite-member-form');
  await form.getByLabel(/^E-mail address/).fill(email);
  await form.getByLabel(/^First name/).fill('Bruno');
  await form.getByLabel(/^Last name/).fill('Bauleiter');
  await form.getByTestId('member-roles-select').click();
  for (const role of ['Reviewer', 'Contractor']) await page.getByRole('option', { name: role, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(manage).toBeVisible();
  await expectNoAxeViolations(page, 'invite member form en');
  await shot(page, 'journey-07-invite-from-project-en');
  await form.getByRole('button', { name: 'Invite and add' }).click();
  await expect(page.getByText(`${email} has been invited and added to the project.`)).toBeVisible();
  await expect(manage.getByTestId('manage-member-row').filter({ hasText: 'Bruno Bauleiter' })).toBeVisible();
  await expect(manage.getByTestId('add-member-form')).toBeVisible();
  await expectNoAxeViolations(page, 'manage members dialog en');
  await shot(page, 'journey-08-members-en');

  // The invitation names the project; an address that exists is refused in the form.
  const mail = await lastMailTo(browser, email, title);
  expect(mail.subject).toContain(`Invitation to project`);
  expect(mail.subject).toContain(title);
  expect(mail.textBody).toContain('Your roles: Reviewer, Contractor.');
  expect(mail.textBody).toContain(`/home/app/project/details/${projectId}`);
  await manage.getByRole('button', { name: 'Invite a new user by e-mail' }).click();
  await form.getByLabel(/^E-mail address/).fill(email.toUpperCase());
  await form.getByLabel(/^First name/).fill('Bruno');
  await form.getByLabel(/^Last name/).fill('Doppelt');
  await form.getByTestId('member-roles-select').click();
  await page.getByRole('option', { name: 'Reviewer', exact: true }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Invite and add' }).click();
  await expect(form.getByRole('alert')).toContainText('A user with this e-mail address already exists.');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await manage.getByRole('button', { name: 'Close' }).last().click();

  // The invitee accepts in English and sees the project and the Structuring task.
  const link = await invitationLink(page.request, email);
  const { context, guest } = await acceptInvitation(
    browser,
    link,
    'en-GB',
    {
      heading: 'Accept invitation',
      password: 'New password',
      confirm: 'Repeat new password',
      submit: 'Set password',
      done: 'Your password is saved',
    },
    'journey-09-accept-en',
  );
  const signIn = await guest.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await guest.goto(`/home/app/project/details/${projectId}`);
  await expect(guest.getByTestId('project-tasks-panel').getByText('Structuring').first()).toBeVisible();
  await expectNoAxeViolations(guest, 'project details as the invitee en');
  await shot(guest, 'journey-10-invitee-project-en');
  await context.close();

  // The admin pages in English.
  await page.context().clearCookies();
  await loginAs('admin');
  await setOwnLanguage(page, 'en');
  await page.goto('/home/app/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('bruno.bauleiter');
  await expect(page.getByTestId(`user-row-${email}`)).toContainText('Active');
  await expectNoAxeViolations(page, 'users page en');
  await shot(page, 'journey-11-users-en');
  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible();
  await expectNoAxeViolations(page, 'invite dialog en');
});
