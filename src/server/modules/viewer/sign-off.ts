import crypto from 'node:crypto';
import { AppError } from '../../../shared/errors';
import type { StateKey } from '../../../shared/schemas/project-unit';
import type { SignOff, SignOffs, SignOffTopic, TopicChoice, TopicChoiceKind } from '../../../shared/schemas/review';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { t } from '../../platform/i18n';
import type { RequirementWrite } from '../workflow/engine';
import { renderPdfInWorker, requirePdfRoom } from '../../platform/pdf/print-pdf';
import * as repo from './topics-repository';
import * as reviewRepo from './review-repository';
import * as signOffRepo from './sign-off-repository';

const choiceKey: Record<TopicChoiceKind, string> = {
  resolve: 'Resolve',
  'carry-over': 'CarryOver',
  accept: 'Accept',
};

/** "Resolved" / "Carried over to the next revision" / "Approved anyway", in a language. */
export const choiceText = (language: string, choice: TopicChoiceKind) =>
  t(language, `VIEWER.SignOff.Choice.${choiceKey[choice]}`);

/**
 * The approval's writes, in the transaction of the decision (the unit row locked): every topic open
 * on the unit needs exactly one choice — else 400 and nothing changes. A resolved topic is closed,
 * a carried-over one marked, each gets the choice as a comment by the approver; then the sign-off
 * record (who, when, the file versions, the open topics with their choices) is stored.
 */
export async function applyApproval(
  trx: Database,
  a: {
    tenantId: number;
    rootId: number;
    unitId: number;
    stateKey: StateKey;
    userId: number;
    userName: string;
    language: string;
    now: Date;
    choices: TopicChoice[];
  },
): Promise<void> {
  const open = (await repo.findTopics(trx, a.unitId)).filter((topic) => topic.status === 'open');
  const openIds = new Set(open.map((topic) => topic.review_topic_id));
  const byTopic = new Map<number, TopicChoice>();
  for (const c of a.choices) {
    if (!openIds.has(c.topicID) || byTopic.has(c.topicID)) {
      throw new AppError('ValidationFailed', [
        { messageType: 'Error', message: 'VIEWER.Decision.Errors.ChoiceNotOpen', reference: String(c.topicID) },
      ]);
    }
    byTopic.set(c.topicID, c);
  }
  const missing = open.filter((topic) => !byTopic.has(topic.review_topic_id));
  if (missing.length > 0) {
    throw new AppError('ValidationFailed', [
      {
        messageType: 'Error',
        message: 'VIEWER.Decision.Errors.ChoicesMissing',
        params: { count: missing.length },
        reference: missing.map((topic) => topic.review_topic_id).join(','),
      },
    ]);
  }
  const topics: SignOffTopic[] = [];
  for (const topic of open) {
    const c = byTopic.get(topic.review_topic_id);
    if (!c) continue;
    const comment = c.comment?.trim() || null;
    if (c.choice !== 'accept') {
      await repo.updateTopic(trx, topic.review_topic_id, {
        ...(c.choice === 'resolve' ? { status: 'resolved' as const } : { carriedOver: true }),
        now: a.now,
      });
    }
    const label = choiceText(a.language, c.choice);
    await repo.insertComment(trx, {
      guid: crypto.randomUUID(),
      topicId: topic.review_topic_id,
      authorId: a.userId,
      authorName: a.userName,
      text: t(a.language, 'VIEWER.SignOff.TopicComment', { choice: label }) + (comment ? ` — ${comment}` : ''),
      now: a.now,
    });
    topics.push({
      topicID: topic.review_topic_id,
      title: topic.title,
      fileName: topic.file_name,
      version: topic.version_no,
      choice: c.choice,
      comment,
    });
  }
  await signOffRepo.insertSignOff(trx, {
    tenantId: a.tenantId,
    rootId: a.rootId,
    unitId: a.unitId,
    signedBy: a.userId,
    signedByName: a.userName,
    signedAt: a.now,
    stateKey: a.stateKey,
    files: await signOffRepo.findNewestReviewableVersions(trx, a.unitId),
    topics,
  });
}

/**
 * The engine's hook for an approval through the plain state change (registered in buildApp): no
 * choices can be given there, so it passes only without open topics, and records the sign-off.
 */
export const approvalWrite: RequirementWrite = async (trx, w) => {
  if (w.requirement !== 'approve') return;
  const user = (await reviewRepo.findMailUsers(trx, [w.userId]))[0];
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.login : '';
  await applyApproval(trx, {
    tenantId: w.unit.tenant_id,
    rootId: w.unit.root_project_unit_id ?? w.unit.project_unit_id,
    unitId: w.unit.project_unit_id,
    stateKey: w.unit.state_key,
    userId: w.userId,
    userName: name,
    language: w.language,
    now: w.now,
    choices: [],
  });
};

const toSignOff = (row: Awaited<ReturnType<typeof signOffRepo.findSignOffs>>[number]): SignOff => ({
  signOffID: row.review_sign_off_id,
  signedByName: row.signed_by_name,
  signedOn: new Date(row.signed_at).toISOString(),
  stateKey: row.state_key,
  files: row.files,
  topics: row.topics,
});

/** The unit's sign-off records, newest first (the caller checked that the user may read the unit). */
export async function listSignOffs(db: Database, unitId: number): Promise<SignOffs> {
  return { data: (await signOffRepo.findSignOffs(db, unitId)).map(toSignOff) };
}

const printLanguage = (language: string | null | undefined) =>
  language === 'en' || language === 'nl' ? language : 'de';

/** A moment as the user reads it (Europe/Berlin, the portal's time zone for printed dates). */
const dateTime = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));

/** The sign-off record as PDF, rendered like the information sheet (pdfkit in a capped worker). */
export async function signOffPdf(
  ctx: ServiceContext,
  user: SessionUser,
  unit: { unitId: number; unitNo: string | null; title: string },
  signOffId: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const key = [user.tenantId, user.userId] as const;
  requirePdfRoom(key);
  const [row] = await signOffRepo.findSignOffs(ctx.db, unit.unitId, signOffId);
  if (!row) throw new AppError('NotFound');
  const s = toSignOff(row);
  const lang = printLanguage(user.language);
  const tx = (k: string, values?: Record<string, string | number>) => t(lang, `VIEWER.SignOff.${k}`, values);
  const heading = tx('Title');
  const sections = [
    {
      label: tx('Approval'),
      rows: [
        { label: tx('SignedBy'), value: s.signedByName },
        { label: tx('SignedOn'), value: dateTime(s.signedOn, lang) },
      ],
    },
    {
      label: tx('Files'),
      rows: s.files.map((f) => ({ label: f.fileName, value: tx('Version', { version: f.version }) })),
    },
    {
      label: tx('OpenTopics', { count: s.topics.length }),
      rows:
        s.topics.length === 0
          ? [{ label: tx('NoOpenTopics'), value: '' }]
          : s.topics.map((topic) => ({
              label: topic.title,
              value: [
                choiceText(lang, topic.choice),
                topic.comment,
                topic.fileName
                  ? `${topic.fileName}${topic.version !== null ? `, ${tx('Version', { version: topic.version })}` : ''}`
                  : null,
              ]
                .filter(Boolean)
                .join(' — '),
            })),
    },
  ];
  const pdf = await renderPdfInWorker(
    ctx.log,
    {
      heading,
      title: [unit.unitNo, unit.title].filter(Boolean).join(' · '),
      sheets: [{ name: 'sign-off', label: heading, sections }],
      emptyText: '',
    },
    key,
    'VIEWER.SignOff.PdfFailed',
  );
  return { pdf, fileName: `${heading} ${unit.unitNo ?? unit.unitId}.pdf` };
}
