import fs from 'node:fs';
import path from 'node:path';

export type MailLanguage = 'de' | 'en' | 'nl';

export function mailLanguage(language: string | null | undefined): MailLanguage {
  return language === 'en' || language === 'nl' ? language : 'de';
}

const stateLabels = new Map<MailLanguage, Record<string, string>>();

/** State names from the UI translations (STATES namespace), so mails and screens agree. */
export function stateLabel(lang: MailLanguage, key: string): string {
  if (!stateLabels.has(lang)) {
    let labels: Record<string, string> = {};
    try {
      const file = path.resolve('public/assets/i18n', `${lang}.json`);
      labels = (JSON.parse(fs.readFileSync(file, 'utf8')) as { STATES?: Record<string, string> }).STATES ?? {};
    } catch {
      labels = {};
    }
    stateLabels.set(lang, labels);
  }
  return stateLabels.get(lang)?.[key] ?? key;
}

type TaskLine = { projectUnitNo: string; title: string; rootTitle: string; stateKey: string; link: string };

const texts = {
  de: {
    greeting: (name: string) => `Guten Tag ${name},`,
    reminderSubject: (no: string) => `Erinnerung: offene Aufgabe in Projekt ${no}`,
    reminderBody: (days: number) =>
      `Die folgende Aufgabe ist seit ${days} ${days === 1 ? 'Arbeitstag' : 'Arbeitstagen'} offen. Bitte erledigen Sie sie bald:`,
    escalationSubject: (no: string) => `Eskalation: überfällige Aufgabe in Projekt ${no}`,
    escalationBody: (days: number) =>
      `Die folgende Aufgabe ist seit ${days} ${days === 1 ? 'Arbeitstag' : 'Arbeitstagen'} offen und damit überfällig:`,
    dailySubject: (n: number) => `Planport: ${n} offene Aufgabe${n === 1 ? '' : 'n'}`,
    dailyBody: 'Ihre offenen Aufgaben in Planport:',
    footer: 'Diese E-Mail wurde automatisch erstellt. Die tägliche Übersicht können Sie in Ihrem Profil abbestellen.',
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    reminderSubject: (no: string) => `Reminder: open task in project ${no}`,
    reminderBody: (days: number) =>
      `The following task has been open for ${days} working ${days === 1 ? 'day' : 'days'}. Please complete it soon:`,
    escalationSubject: (no: string) => `Escalation: overdue task in project ${no}`,
    escalationBody: (days: number) =>
      `The following task has been open for ${days} working ${days === 1 ? 'day' : 'days'} and is overdue:`,
    dailySubject: (n: number) => `Planport: ${n} open task${n === 1 ? '' : 's'}`,
    dailyBody: 'Your open tasks in Planport:',
    footer: 'This e-mail was generated automatically. You can unsubscribe from the daily overview in your profile.',
  },
  nl: {
    greeting: (name: string) => `Beste ${name},`,
    reminderSubject: (no: string) => `Herinnering: openstaande taak in project ${no}`,
    reminderBody: (days: number) =>
      `De volgende taak staat al ${days} ${days === 1 ? 'werkdag' : 'werkdagen'} open. Wij verzoeken u deze taak zo snel mogelijk af te ronden:`,
    escalationSubject: (no: string) => `Escalatie: achterstallige taak in project ${no}`,
    escalationBody: (days: number) =>
      `De volgende taak staat al ${days} ${days === 1 ? 'werkdag' : 'werkdagen'} open en is daarmee achterstallig:`,
    dailySubject: (n: number) => `Planport: ${n} openstaande ta${n === 1 ? 'ak' : 'ken'}`,
    dailyBody: 'Uw openstaande taken in Planport:',
    footer: 'Deze e-mail is automatisch verstuurd. U kunt het dagelijkse overzicht in uw profiel uitschakelen.',
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(lang: MailLanguage, name: string, intro: string, tasks: TaskLine[], subject: string) {
  const t = texts[lang];
  const line = (task: TaskLine) =>
    `${task.projectUnitNo} ${task.rootTitle} – ${task.title}: ${stateLabel(lang, task.stateKey)}`;
  const text = [
    t.greeting(name),
    '',
    intro,
    '',
    ...tasks.map((task) => `- ${line(task)}\n  ${task.link}`),
    '',
    t.footer,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(name))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${tasks.map((task) => `<li><a href="${escapeHtml(task.link)}">${escapeHtml(line(task))}</a></li>`).join('')}</ul>`,
    `<p style="color:#868e96">${escapeHtml(t.footer)}</p>`,
  ].join('');
  return { subject, text, html };
}

export function reminderMail(
  lang: MailLanguage,
  name: string,
  kind: 'reminder' | 'escalation',
  days: number,
  task: TaskLine,
) {
  const t = texts[lang];
  const subject = kind === 'reminder' ? t.reminderSubject(task.projectUnitNo) : t.escalationSubject(task.projectUnitNo);
  const intro = kind === 'reminder' ? t.reminderBody(days) : t.escalationBody(days);
  return render(lang, name, intro, [task], subject);
}

export function dailyStatusMail(lang: MailLanguage, name: string, tasks: TaskLine[]) {
  const t = texts[lang];
  return render(lang, name, t.dailyBody, tasks, t.dailySubject(tasks.length));
}

export type { TaskLine };
