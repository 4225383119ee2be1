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

export function dailyStatusMail(lang: Language, name: string, tasks: TaskLine[]) {
  const subject = t(lang, 'MAIL.Tasks.DailySubject', { count: tasks.length });
  return render(lang, name, t(lang, 'MAIL.Tasks.DailyBody'), tasks, subject);
}

export type { TaskLine };
