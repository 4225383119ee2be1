import type { Language } from '../../../shared/schemas/common';
import { greeting, serverLanguage, t } from '../../platform/i18n';

/** Role names from the UI translations (MEMBER.Roles), so mails, journal and screens agree. */
export const roleLabel = (lang: Language, key: string): string =>
  t(lang, `MEMBER.Roles.${key.replace(/\s+/g, '_')}`, { defaultValue: key });

export const roleList = (lang: Language, keys: string[]) => keys.map((k) => roleLabel(lang, k)).join(', ');

/** Journal lines about a project's members, in the acting user's language. */
export function memberTexts(language: string | null | undefined) {
  const lang = serverLanguage(language);
  return {
    lang,
    created: (no: string) => t(lang, 'JOURNAL.Lines.ProjectCreated', { no }),
    added: (name: string, roles: string) => t(lang, 'JOURNAL.Lines.MemberAdded', { name, roles }),
    invited: (name: string, email: string, roles: string) =>
      t(lang, 'JOURNAL.Lines.MemberInvited', { name, email, roles }),
    changed: (name: string, roles: string) => t(lang, 'JOURNAL.Lines.MemberRolesChanged', { name, roles }),
    removed: (name: string, moved: number) =>
      moved > 0
        ? t(lang, 'JOURNAL.Lines.MemberRemovedTasks', { name, count: moved })
        : t(lang, 'JOURNAL.Lines.MemberRemoved', { name }),
  };
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
  const lang = serverLanguage(input.language);
  const facts = { no: input.projectNo, title: input.projectTitle };
  return {
    subject: t(lang, 'MAIL.MemberAdded.Subject', facts),
    text: [
      greeting(lang, input.recipientName),
      '',
      t(lang, 'MAIL.MemberAdded.Body', { ...facts, by: input.addedBy, roles: roleList(lang, input.roleKeys) }),
      '',
      t(lang, 'MAIL.MemberAdded.Open'),
      input.link,
      '',
    ].join('\n'),
  };
}
