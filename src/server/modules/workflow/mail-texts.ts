import type { Language } from '../../../shared/schemas/common';
import { greeting, t } from '../../platform/i18n';

/** A state's name as the screens show it (STATES in the translation files). */
export const stateLabel = (lang: Language, key: string): string => t(lang, `STATES.${key}`, { defaultValue: key });

type TaskLine = { projectUnitNo: string; title: string; rootTitle: string; stateKey: string; link: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(lang: Language, name: string, intro: string, tasks: TaskLine[], subject: string) {
  const hello = greeting(lang, name);
  const footer = t(lang, 'MAIL.Tasks.Footer');
  const line = (task: TaskLine) =>
    `${task.projectUnitNo} ${task.rootTitle} – ${task.title}: ${stateLabel(lang, task.stateKey)}`;
  const text = [hello, '', intro, '', ...tasks.map((task) => `- ${line(task)}\n  ${task.link}`), '', footer].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${tasks.map((task) => `<li><a href="${escapeHtml(task.link)}">${escapeHtml(line(task))}</a></li>`).join('')}</ul>`,
    `<p style="color:#868e96">${escapeHtml(footer)}</p>`,
  ].join('');
  return { subject, text, html };
}

export function reminderMail(
  lang: Language,
  name: string,
  kind: 'reminder' | 'escalation',
  days: number,
  task: TaskLine,
) {
  const prefix = kind === 'reminder' ? 'MAIL.Tasks.Reminder' : 'MAIL.Tasks.Escalation';
  const subject = t(lang, `${prefix}Subject`, { no: task.projectUnitNo });
  return render(lang, name, t(lang, `${prefix}Body`, { count: days }), [task], subject);
}

/**
 * The daily mail (the digest): the open tasks and what happened of the kinds the user chose the
 * digest for, with the footer that says how to leave it (`footer`, with the one-click link).
 */
export function dailyStatusMail(
  lang: Language,
  name: string,
  tasks: TaskLine[],
  news: { line: string; link: string }[] = [],
  footer?: { text: string; html: string },
) {
  if (news.length === 0 && !footer) {
    const subject = t(lang, 'MAIL.Tasks.DailySubject', { count: tasks.length });
    return render(lang, name, t(lang, 'MAIL.Tasks.DailyBody'), tasks, subject);
  }
  const subject =
    news.length === 0
      ? t(lang, 'MAIL.Tasks.DailySubject', { count: tasks.length })
      : t(lang, 'MAIL.Digest.Subject', { count: news.length });
  const hello = greeting(lang, name);
  const line = (task: TaskLine) =>
    `${task.projectUnitNo} ${task.rootTitle} – ${task.title}: ${stateLabel(lang, task.stateKey)}`;
  const sections: { title: string; items: { text: string; link: string }[] }[] = [];
  if (tasks.length)
    sections.push({
      title: t(lang, 'MAIL.Tasks.DailyBody'),
      items: tasks.map((x) => ({ text: line(x), link: x.link })),
    });
  if (news.length)
    sections.push({ title: t(lang, 'MAIL.Digest.News'), items: news.map((n) => ({ text: n.line, link: n.link })) });
  const text = [
    hello,
    '',
    ...sections.flatMap((s) => [s.title, '', ...s.items.map((i) => `- ${i.text}\n  ${i.link}`), '']),
    footer?.text ?? t(lang, 'MAIL.Tasks.Footer'),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    ...sections.map(
      (s) =>
        `<p>${escapeHtml(s.title)}</p><ul>${s.items.map((i) => `<li><a href="${escapeHtml(i.link)}">${escapeHtml(i.text)}</a></li>`).join('')}</ul>`,
    ),
    footer?.html ?? `<p style="color:#868e96">${escapeHtml(t(lang, 'MAIL.Tasks.Footer'))}</p>`,
  ].join('');
  return { subject, text, html };
}

export type { TaskLine };
