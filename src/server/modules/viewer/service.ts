import crypto from 'node:crypto';
import { AppError } from '../../../shared/errors';
import { canWriteTopics, decisionStates, viewerStates } from '../../../shared/rules/review';
import type {
  CreateCommentInput,
  CreateTopicInput,
  ReviewDecision,
  ReviewTopic,
  ReviewTopics,
  UpdateTopicInput,
} from '../../../shared/schemas/review';
import type { StateChangeResponse } from '../../../shared/schemas/workflow';
import { isProjectClosed, requireAccess, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { emitEvent } from '../../platform/events';
import { preferenceFooter } from '../notifications/event-mails';
import { immediateRecipients, unsubscribeHeaders } from '../notifications/mail-preferences';
import { changeState, toStateChangeResponse } from '../workflow/service';
import * as repo from './topics-repository';
import * as reviewRepo from './review-repository';
import { decisionJournalLine } from './decision';
import { mentionMail } from './mail-texts';
import { applyApproval, listSignOffs, signOffPdf } from './sign-off';

/** A unit of the given root that the user may read and that is in a viewer state; 404 otherwise. */
export async function requireReviewUnit(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  unitId: number,
): Promise<ProjectAccess> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  if (access.root.project_unit_id !== rootId || access.unit.project_unit_type !== 'approvallot') {
    throw new AppError('NotFound');
  }
  if (!viewerStates.includes(access.unit.state_key)) throw new AppError('NotFound', 'VIEWER.Errors.NotInReview');
  return access;
}

const mayWrite = (access: ProjectAccess) => canWriteTopics(access.unit.state_key, isProjectClosed(access));

export function requireWritable(access: ProjectAccess) {
  if (!mayWrite(access)) throw new AppError('NotAllowed', 'VIEWER.Errors.ReadOnly');
}

export const authorName = (user: SessionUser) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.login;

const importedFrom = (row: { imported_author: string | null; imported_created_at: Date | null }) =>
  row.imported_author === null && row.imported_created_at === null
    ? null
    : {
        author: row.imported_author,
        createdOn: row.imported_created_at === null ? null : new Date(row.imported_created_at).toISOString(),
      };

export async function loadTopics(db: Database, unitId: number, topicId?: number): Promise<ReviewTopic[]> {
  const topics = await repo.findTopics(db, unitId, topicId);
  const comments = await repo.findComments(
    db,
    topics.map((t) => t.review_topic_id),
  );
  return topics.map((t) => ({
    topicID: t.review_topic_id,
    guid: t.guid,
    title: t.title,
    status: t.status,
    projectFileID: t.project_file_id,
    fileName: t.file_name,
    version: t.version_no,
    assigneeUserID: t.assignee_user_id,
    assigneeName: t.assignee_name,
    priority: t.priority,
    dueDate: t.due_date,
    labels: t.labels,
    carriedOverOn: t.carried_over_at === null ? null : new Date(t.carried_over_at).toISOString(),
    createdByName: t.created_by_name,
    createdOn: new Date(t.created_at).toISOString(),
    markup: t.markup,
    viewpoint: t.viewpoint,
    importedFrom: importedFrom(t),
    comments: comments
      .filter((c) => c.review_topic_id === t.review_topic_id)
      .map((c) => ({
        commentID: c.review_comment_id,
        guid: c.guid,
        authorName: c.author_name,
        text: c.text,
        createdOn: new Date(c.created_at).toISOString(),
        importedFrom: importedFrom(c),
      })),
  }));
}

/** `GET api/viewer/{rootId}/{unitId}/topics`: the unit's topics with their comments. */
export async function listTopics(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  unitId: number,
): Promise<ReviewTopics> {
  const access = await requireReviewUnit(ctx, user, rootId, unitId);
  return { data: await loadTopics(ctx.db, unitId), canWrite: mayWrite(access) };
}

async function requireTopic(ctx: ServiceContext, unitId: number, topicId: number): Promise<ReviewTopic> {
  const [topic] = await loadTopics(ctx.db, unitId, topicId);
  if (!topic) throw new AppError('NotFound');
  return topic;
}

async function checkAssignee(db: Database, access: ProjectAccess, assigneeId: number | null | undefined) {
  if (assigneeId && !(await reviewRepo.isMemberOfRoot(db, access.root.project_unit_id, assigneeId))) {
    throw new AppError('ValidationFailed', 'VIEWER.Errors.AssigneeNotMember');
  }
}

/**
 * The mentioned users, each a member of the project (else 400 naming the rule, nothing written).
 * A mention of oneself is kept in the text but notifies nobody.
 */
async function checkMentions(db: Database, access: ProjectAccess, ids: number[] | undefined): Promise<number[]> {
  const wanted = [...new Set(ids ?? [])];
  const members = await reviewRepo.membersOfRoot(db, access.root.project_unit_id, wanted);
  if (members.length !== wanted.length) throw new AppError('ValidationFailed', 'VIEWER.Errors.MentionNotMember');
  return wanted;
}

/**
 * The events of a new topic or comment, and for each member mentioned a `mention` event (the
 * notification) and a mail, all in the transaction of the text.
 */
async function announceText(
  ctx: ServiceContext,
  trx: Database,
  access: ProjectAccess,
  user: SessionUser,
  t: { kind: 'topic' | 'comment'; topicId: number; topicTitle: string; text: string; mentions: number[] },
): Promise<void> {
  const base = {
    tenantId: access.root.tenant_id,
    rootProjectUnitId: access.root.project_unit_id,
    projectUnitId: access.unit.project_unit_id,
    actorUserId: user.userId,
  };
  await emitEvent(trx, {
    ...base,
    type: t.kind === 'topic' ? 'review.topic.created' : 'review.comment.created',
    subject: { kind: 'reviewTopic', id: t.topicId },
  });
  const others = t.mentions.filter((id) => id !== user.userId);
  if (others.length === 0) return;
  const unit = await reviewRepo.findUnitLabel(trx, access.unit.project_unit_id);
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/home/app/viewer/${access.root.project_unit_id}/${access.unit.project_unit_id}/view`;
  for (const u of await reviewRepo.findMailUsers(trx, others)) {
    const event = await emitEvent(trx, {
      ...base,
      type: 'mention',
      subject: { kind: 'reviewTopic', id: t.topicId },
      data: { userId: u.user_id },
    });
    // By the member's mail preference for mentions (the notification's recipient rule).
    const [recipient] = await immediateRecipients(trx, event);
    if (!recipient) continue;
    const mail = mentionMail(u.language, {
      name: [u.first_name, u.last_name].filter(Boolean).join(' '),
      by: authorName(user),
      unitNo: unit.project_unit_no,
      title: unit.title,
      topic: t.topicTitle,
      text: t.text,
      link,
    });
    await ctx.mailer.enqueue(trx, {
      tenantId: access.root.tenant_id,
      to: recipient.to,
      subject: mail.subject,
      text: `${mail.text}\n\n${preferenceFooter(u.language, ctx.config, u.user_id, 'mention').text}`,
      headers: unsubscribeHeaders(ctx.config, u.user_id, 'mention'),
    });
  }
}

/** A new topic on the unit, on a file version when named, with its first comment. */
export async function createTopic(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  unitId: number,
  input: CreateTopicInput,
): Promise<ReviewTopic> {
  const access = await requireReviewUnit(ctx, user, rootId, unitId);
  requireWritable(access);
  let versionNo: number | null = null;
  if (input.projectFileID) {
    const file = await reviewRepo.findFileOfUnit(ctx.db, unitId, input.projectFileID);
    if (!file) throw new AppError('ValidationFailed', 'VIEWER.Errors.FileNotOnUnit');
    versionNo = input.version ?? file.newest_version;
    if (versionNo === null || versionNo > (file.newest_version ?? 0)) {
      throw new AppError('ValidationFailed', 'VIEWER.Errors.FileNotOnUnit');
    }
  }
  await checkAssignee(ctx.db, access, input.assigneeUserID);
  const mentions = await checkMentions(ctx.db, access, input.mentionUserIDs);
  const now = ctx.clock.now();
  const topicId = await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertTopic(trx, {
      guid: crypto.randomUUID(),
      tenantId: access.root.tenant_id,
      rootId,
      unitId,
      fileId: input.projectFileID ?? null,
      versionNo,
      title: input.title,
      status: 'open',
      assigneeId: input.assigneeUserID ?? null,
      createdBy: user.userId,
      now,
      markup: input.markup ?? null,
      viewpoint: input.viewpoint ?? null,
      priority: input.priority,
      dueDate: input.dueDate ?? null,
      labels: input.labels,
    });
    const text = input.comment?.trim();
    if (text) {
      await repo.insertComment(trx, {
        guid: crypto.randomUUID(),
        topicId: id,
        authorId: user.userId,
        authorName: authorName(user),
        text,
        now,
        mentionUserIds: mentions,
      });
    }
    await announceText(ctx, trx, access, user, {
      kind: 'topic',
      topicId: id,
      topicTitle: input.title,
      text: text ?? input.title,
      mentions: text ? mentions : [],
    });
    return id;
  });
  return requireTopic(ctx, unitId, topicId);
}

/** Resolve or reopen a topic, or change its assignee, priority, due date or labels. */
export async function updateTopic(
  ctx: ServiceContext,
  user: SessionUser,
  ids: { rootId: number; unitId: number; topicId: number },
  input: UpdateTopicInput,
): Promise<ReviewTopic> {
  const access = await requireReviewUnit(ctx, user, ids.rootId, ids.unitId);
  await requireTopic(ctx, ids.unitId, ids.topicId);
  requireWritable(access);
  await checkAssignee(ctx.db, access, input.assigneeUserID);
  await repo.updateTopic(ctx.db, ids.topicId, {
    status: input.status,
    assigneeId: input.assigneeUserID,
    priority: input.priority,
    dueDate: input.dueDate,
    labels: input.labels,
    now: ctx.clock.now(),
  });
  return requireTopic(ctx, ids.unitId, ids.topicId);
}

export async function addComment(
  ctx: ServiceContext,
  user: SessionUser,
  ids: { rootId: number; unitId: number; topicId: number },
  input: CreateCommentInput,
): Promise<ReviewTopic> {
  const access = await requireReviewUnit(ctx, user, ids.rootId, ids.unitId);
  const topic = await requireTopic(ctx, ids.unitId, ids.topicId);
  requireWritable(access);
  const mentions = await checkMentions(ctx.db, access, input.mentionUserIDs);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertComment(trx, {
      guid: crypto.randomUUID(),
      topicId: ids.topicId,
      authorId: user.userId,
      authorName: authorName(user),
      text: input.text,
      now: ctx.clock.now(),
      mentionUserIds: mentions,
    });
    await announceText(ctx, trx, access, user, {
      kind: 'comment',
      topicId: ids.topicId,
      topicTitle: topic.title,
      text: input.text,
      mentions,
    });
  });
  return requireTopic(ctx, ids.unitId, ids.topicId);
}

/**
 * The reviewer's decision in the viewer: the workflow transition itself (holder check, guards,
 * tasks, effects), with the open topics in the journal. An approval needs a choice for each open
 * topic; the choices and the sign-off record are written in the decision's transaction.
 */
export async function decide(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  unitId: number,
  input: ReviewDecision,
): Promise<StateChangeResponse> {
  const access = await requireReviewUnit(ctx, user, rootId, unitId);
  if (!decisionStates.includes(access.unit.state_key) || access.unit.state_key !== input.stateKey) {
    throw new AppError('StateChanged');
  }
  const applied = await changeState(ctx, user, access, {
    requirement: input.decision,
    expectedState: input.stateKey,
    action: input.decision,
    additionalMessage: await decisionJournalLine(ctx.db, unitId, input.decision, user.language, input.topicChoices),
    taskHolderOnly: true,
    alsoWrite:
      input.decision === 'approve'
        ? (trx, unit) =>
            applyApproval(trx, {
              tenantId: unit.tenant_id,
              rootId,
              unitId,
              stateKey: unit.state_key,
              userId: user.userId,
              userName: authorName(user),
              language: user.language,
              now: ctx.clock.now(),
              choices: input.topicChoices ?? [],
            })
        : undefined,
  });
  return toStateChangeResponse(applied, ctx.clock.now());
}

/** `GET …/sign-offs`: the unit's sign-off records, for everyone who may read the unit. */
export async function getSignOffs(ctx: ServiceContext, user: SessionUser, rootId: number, unitId: number) {
  await requireReviewUnit(ctx, user, rootId, unitId);
  return listSignOffs(ctx.db, unitId);
}

/** `GET …/sign-offs/{id}/pdf`: one sign-off record, printable. */
export async function getSignOffPdf(
  ctx: ServiceContext,
  user: SessionUser,
  ids: { rootId: number; unitId: number; signOffId: number },
) {
  const access = await requireReviewUnit(ctx, user, ids.rootId, ids.unitId);
  const unit = await reviewRepo.findUnitLabel(ctx.db, ids.unitId);
  return signOffPdf(
    ctx,
    user,
    { unitId: access.unit.project_unit_id, unitNo: unit.project_unit_no, title: unit.title },
    ids.signOffId,
  );
}
