import fs from 'node:fs';
import path from 'node:path';
import { mailLanguage, type MailLanguage } from '../workflow/mail-texts';

const roleLabels = new Map<MailLanguage, Record<string, string>>();

/** Role names from the UI translations (MEMBER.Roles), so mails, journal and screens agree. */
export function roleLabel(lang: MailLanguage, key: string): string {
  if (!roleLabels.has(lang)) {
    let labels: Record<string, string> = {};
    try {
      const file = path.resolve('public/assets/i18n', `${lang}.json`);
      const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { MEMBER?: { Roles?: Record<string, string> } };
      labels = json.MEMBER?.Roles ?? {};
    } catch {
      labels = {};
    }
    roleLabels.set(lang, labels);
  }
  return roleLabels.get(lang)?.[key.replace(/\s+/g, '_')] ?? key;
}

export const roleList = (lang: MailLanguage, keys: string[]) => keys.map((k) => roleLabel(lang, k)).join(', ');

const texts = {
  de: {
    created: (no: string) => `Projekt ${no} angelegt`,
    added: (name: string, roles: string) => `Mitglied hinzugefügt: ${name} (${roles})`,
    invited: (name: string, email: string, roles: string) => `Eingeladen und hinzugefügt: ${name}, ${email} (${roles})`,
    changed: (name: string, roles: string) => `Rollen geändert: ${name} (${roles})`,
    removed: (name: string, moved: number) =>
      `Mitglied entfernt: ${name}${moved > 0 ? ` – ${moved} offene Aufgabe(n) übertragen` : ''}`,
    subject: (no: string, title: string) => `Sie wurden zum Projekt ${no} ${title} hinzugefügt`,
    greeting: (name: string) => `Guten Tag ${name},`,
    body: (by: string, no: string, title: string, roles: string) =>
      `${by} hat Sie in Planport zum Projekt ${no} „${title}“ hinzugefügt. Ihre Rollen: ${roles}.`,
    open: 'Zum Projekt:',
  },
  en: {
    created: (no: string) => `Project ${no} created`,
    added: (name: string, roles: string) => `Member added: ${name} (${roles})`,
    invited: (name: string, email: string, roles: string) => `Invited and added: ${name}, ${email} (${roles})`,
    changed: (name: string, roles: string) => `Roles changed: ${name} (${roles})`,
    removed: (name: string, moved: number) =>
      `Member removed: ${name}${moved > 0 ? ` – ${moved} open task(s) handed over` : ''}`,
    subject: (no: string, title: string) => `You were added to project ${no} ${title}`,
    greeting: (name: string) => `Hello ${name},`,
    body: (by: string, no: string, title: string, roles: string) =>
      `${by} added you to project ${no} "${title}" in Planport. Your roles: ${roles}.`,
    open: 'Open the project:',
  },
  nl: {
    created: (no: string) => `Project ${no} aangemaakt`,
    added: (name: string, roles: string) => `Lid toegevoegd: ${name} (${roles})`,
    invited: (name: string, email: string, roles: string) => `Uitgenodigd en toegevoegd: ${name}, ${email} (${roles})`,
    changed: (name: string, roles: string) => `Rollen gewijzigd: ${name} (${roles})`,
    removed: (name: string, moved: number) =>
      `Lid verwijderd: ${name}${moved > 0 ? ` – ${moved} openstaande ta(a)k(en) overgedragen` : ''}`,
    subject: (no: string, title: string) => `U bent toegevoegd aan project ${no} ${title}`,
    greeting: (name: string) => `Beste ${name},`,
    body: (by: string, no: string, title: string, roles: string) =>
      `${by} heeft u in Planport toegevoegd aan project ${no} "${title}". Uw rollen: ${roles}.`,
    open: 'Naar het project:',
  },
};

export function memberTexts(language: string | null | undefined) {
  const lang = mailLanguage(language);
  return { lang, ...texts[lang] };
}

export function personName(u: { first_name: string | null; last_name: string | null; login: string }): string {
  return [u.first_name, u.last_name].filter(Boolean).join(' ') || u.login;
}

/** The mail to a member who was added to a project, in the member's language. */
export function renderMemberAddedMail(input: {
  language: string;
  recipientName: string;
  addedBy: string;
  projectNo: string;
  projectTitle: string;
  roleKeys: string[];
  link: string;
}) {
  const t = memberTexts(input.language);
  return {
    subject: t.subject(input.projectNo, input.projectTitle),
    text: [
      t.greeting(input.recipientName),
      '',
      t.body(input.addedBy, input.projectNo, input.projectTitle, roleList(t.lang, input.roleKeys)),
      '',
      t.open,
      input.link,
      '',
    ].join('\n'),
  };
}
