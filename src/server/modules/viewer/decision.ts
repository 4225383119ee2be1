import type { WorkflowEffect } from '../workflow/effects';
import type { RequirementLine } from '../workflow/engine';
import type { Database } from '../../platform/db/database';
import type { ServiceContext } from '../../platform/context';
import { preferenceFooter } from '../notifications/event-mails';
import { unsubscribeHeaders, wantsImmediately } from '../notifications/mail-preferences';
import { journalTexts } from './journal-texts';
import { revisionMail } from './mail-texts';
import type { TopicChoice } from '../../../shared/schemas/review';
import { choiceText } from './sign-off';
import * as repo from './topics-repository';
import * as reviewRepo from './review-repository';

export type ReviewDecisionKind = 'approve' | 'request-revision';

export const isReviewDecision = (requirement: string | null | undefined): requirement is ReviewDecisionKind =>
  requirement === 'approve' || requirement === 'request-revision';

/**
 * The journal line of a review decision, however it is taken (the viewer's buttons or the plain
 * state change): approve with the count of open topics, a revision with their titles.
 */
export async function decisionJournalLine(
  db: Database,
  unitId: number,
  decision: ReviewDecisionKind,
  language: string,
  choices: TopicChoice[] = [],
): Promise<string> {
  const open = (await repo.findTopics(db, unitId)).filter((t) => t.status === 'open');
  const t = journalTexts(language);
  if (decision !== 'approve') return t.revision(open.map((topic) => topic.title));
  // The choice made for each open topic (the transaction refuses the approval if one is missing).
  const chosen = open.flatMap((topic) => {
    const c = choices.find((x) => x.topicID === topic.review_topic_id);
    if (!c) return [];
    const comment = c.comment?.trim();
    return [`${topic.title} – ${choiceText(language, c.choice)}${comment ? ` (${comment})` : ''}`];
  });
  const line = t.approved(open.length);
  return chosen.length > 0 ? `${line}: ${chosen.join('; ')}` : line;
}

/** The engine's hook for a review decision taken through the plain state change (registered in buildApp). */
export const reviewDecisionLine: RequirementLine = async (db, unitId, requirement, language) =>
  isReviewDecision(requirement) ? decisionJournalLine(db, unitId, requirement, language) : null;

/** After a revision request: the drafters who now hold the ReviseDrawings task get the open topics by e-mail. */
export const mailRevisionRequested: WorkflowEffect = {
  key: 'approvallot:request-revision',
  run: async (ctx: ServiceContext, transition) => {
    const { unit, holders } = await reviewRepo.findTaskHolders(ctx.db, transition.unitId, transition.newState);
    if (!unit) return;
    const open = (await repo.findTopics(ctx.db, transition.unitId)).filter((t) => t.status === 'open');
    const link = `${ctx.config.publicUrl}/home/app/viewer/${unit.root_id}/${transition.unitId}/view`;
    // By each holder's mail preference for review decisions.
    const wanted = await wantsImmediately(
      ctx.db,
      holders.map((h) => h.user_id),
      'review.decided',
    );
    for (const h of holders) {
      if (!h.email || !wanted.has(h.user_id)) continue;
      const mail = revisionMail(h.language, {
        name: h.name ?? '',
        unitNo: unit.project_unit_no,
        title: unit.title,
        rootTitle: unit.root_title,
        topics: open.map((t) => ({
          title: t.title,
          file: t.file_name,
          version: t.version_no,
          assignee: t.assignee_name,
        })),
        link,
      });
      await ctx.mailer.enqueue(ctx.db, {
        tenantId: unit.tenant_id,
        to: h.email,
        subject: mail.subject,
        text: `${mail.text}\n\n${preferenceFooter(h.language, ctx.config, h.user_id, 'review.decided').text}`,
        headers: unsubscribeHeaders(ctx.config, h.user_id, 'review.decided'),
      });
    }
  },
};
