import { mailLanguage } from '../workflow/mail-texts';

type RevisionFacts = {
  name: string;
  unitNo: string;
  title: string;
  rootTitle: string;
  topics: { title: string; file: string | null; version: number | null; assignee: string | null }[];
  link: string;
};

const texts = {
  de: {
    subject: (no: string) => `Überarbeitung angefordert: ${no}`,
    greeting: (name: string) => `Guten Tag ${name},`.replace(' ,', ','),
    intro: (no: string, title: string, root: string) =>
      `für ${no} ${title} (Projekt ${root}) wurde eine Überarbeitung der Zeichnungen angefordert. Offene Anmerkungen:`,
    none: 'Keine offenen Anmerkungen; bitte beachten Sie den Kommentar in der Projekthistorie.',
    version: (n: number) => `Version ${n}`,
    assignee: (name: string) => `zugewiesen an ${name}`,
    outro: 'Bitte laden Sie die überarbeitete Zeichnung hoch und reichen Sie sie im Viewer erneut ein:',
  },
  en: {
    subject: (no: string) => `Revision requested: ${no}`,
    greeting: (name: string) => `Hello ${name},`.replace(' ,', ','),
    intro: (no: string, title: string, root: string) =>
      `A revision of the drawings was requested for ${no} ${title} (project ${root}). Open markups:`,
    none: 'No open markups; please see the comment in the project history.',
    version: (n: number) => `version ${n}`,
    assignee: (name: string) => `assigned to ${name}`,
    outro: 'Please upload the revised drawing and submit it again in the viewer:',
  },
  nl: {
    subject: (no: string) => `Revisie aangevraagd: ${no}`,
    greeting: (name: string) => (name.trim() ? `Beste ${name},` : 'Geachte heer/mevrouw,'),
    intro: (no: string, title: string, root: string) =>
      `Voor ${no} ${title} (project ${root}) is een revisie van de tekeningen aangevraagd. Open opmerkingen:`,
    none: 'Geen open opmerkingen; zie het commentaar in de projecthistorie.',
    version: (n: number) => `versie ${n}`,
    assignee: (name: string) => `toegewezen aan ${name}`,
    outro: 'Upload de herziene tekening en dien deze opnieuw in via de viewer:',
  },
};

/** The e-mail to the drafter after a revision request: the open topics and the link to the viewer. */
export function revisionMail(language: string | null, f: RevisionFacts): { subject: string; text: string } {
  const t = texts[mailLanguage(language)];
  const lines = f.topics.map((topic, i) => {
    const where = [topic.file, topic.version ? t.version(topic.version) : null].filter(Boolean).join(', ');
    const extra = [where || null, topic.assignee ? t.assignee(topic.assignee) : null].filter(Boolean).join('; ');
    return `${i + 1}. ${topic.title}${extra ? ` (${extra})` : ''}`;
  });
  return {
    subject: t.subject(f.unitNo),
    text: [
      t.greeting(f.name),
      '',
      t.intro(f.unitNo, f.title, f.rootTitle),
      ...(lines.length ? lines : [t.none]),
      '',
      t.outro,
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

const mentionTexts = {
  de: {
    subject: (by: string, no: string) => `${by} hat Sie erwähnt: ${no}`,
    greeting: (name: string) => `Guten Tag ${name},`.replace(' ,', ','),
    intro: (by: string, no: string, title: string, topic: string) =>
      `${by} hat Sie in der Anmerkung „${topic}“ zu ${no} ${title} erwähnt:`,
    outro: 'Zur Anmerkung im Viewer:',
  },
  en: {
    subject: (by: string, no: string) => `${by} mentioned you: ${no}`,
    greeting: (name: string) => `Hello ${name},`.replace(' ,', ','),
    intro: (by: string, no: string, title: string, topic: string) =>
      `${by} mentioned you in the markup “${topic}” on ${no} ${title}:`,
    outro: 'Open the markup in the viewer:',
  },
  nl: {
    subject: (by: string, no: string) => `${by} heeft u genoemd: ${no}`,
    greeting: (name: string) => (name.trim() ? `Beste ${name},` : 'Geachte heer/mevrouw,'),
    intro: (by: string, no: string, title: string, topic: string) =>
      `${by} heeft u genoemd in de opmerking „${topic}” bij ${no} ${title}:`,
    outro: 'Naar de opmerking in de viewer:',
  },
};

/** The mail to a member mentioned in a review topic or comment, in their language. */
export function mentionMail(language: string, f: MentionFacts): { subject: string; text: string } {
  const t = mentionTexts[mailLanguage(language)];
  return {
    subject: t.subject(f.by, f.unitNo),
    text: `${t.greeting(f.name)}\n\n${t.intro(f.by, f.unitNo, f.title, f.topic)}\n\n${f.text}\n\n${t.outro}\n${f.link}`,
  };
}
