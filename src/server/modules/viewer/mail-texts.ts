import { greeting, serverLanguage, t as text } from '../../platform/i18n';

type RevisionFacts = {
  name: string;
  unitNo: string;
  title: string;
  rootTitle: string;
  topics: { title: string; file: string | null; version: number | null; assignee: string | null }[];
  link: string;
};

/** The e-mail to the drafter after a revision request: the open topics and the link to the viewer. */
export function revisionMail(language: string | null, f: RevisionFacts): { subject: string; text: string } {
  const lang = serverLanguage(language);
  const t = (key: string, values: Record<string, string | number> = {}) => text(lang, `MAIL.Revision.${key}`, values);
  const lines = f.topics.map((topic, i) => {
    const version = topic.version ? t('Version', { version: topic.version }) : null;
    const where = [topic.file, version].filter(Boolean).join(', ');
    const extra = [where || null, topic.assignee ? t('Assignee', { name: topic.assignee }) : null]
      .filter(Boolean)
      .join('; ');
    return `${i + 1}. ${topic.title}${extra ? ` (${extra})` : ''}`;
  });
  return {
    subject: t('Subject', { no: f.unitNo }),
    text: [
      greeting(lang, f.name),
      '',
      t('Intro', { no: f.unitNo, title: f.title, root: f.rootTitle }),
      ...(lines.length ? lines : [t('None')]),
      '',
      t('Outro'),
      f.link,
    ].join('\n'),
  };
}

type MentionFacts = {
  name: string;
  by: string;
  unitNo: string;
  title: string;
  topic: string;
  text: string;
  link: string;
};

/** The mail to a member mentioned in a review topic or comment, in their language. */
export function mentionMail(language: string, f: MentionFacts): { subject: string; text: string } {
  const lang = serverLanguage(language);
  const facts = { by: f.by, no: f.unitNo, title: f.title, topic: f.topic };
  const intro = text(lang, 'MAIL.Mention.Intro', facts);
  return {
    subject: text(lang, 'MAIL.Mention.Subject', facts),
    text: `${greeting(lang, f.name)}\n\n${intro}\n\n${f.text}\n\n${text(lang, 'MAIL.Mention.Outro')}\n${f.link}`,
  };
}
