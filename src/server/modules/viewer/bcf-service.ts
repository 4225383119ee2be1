import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../shared/errors';
import type { BcfImportResult } from '../../../shared/schemas/review';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { contentDisposition } from '../files/content-disposition';
import { readBcfArchive } from './bcf-unzip';
import { bcfEntries } from './bcf-format';
import type { BcfTopic } from './bcf-markup';
import * as repo from './topics-repository';
import * as reviewRepo from './review-repository';
import { insertJournal } from '../workflow/repository';
import { journalTexts } from './journal-texts';
import { authorName, requireReviewUnit, requireWritable } from './service';

/** The unit's topics as a BCF 3.0 archive, zipped while it is sent. */
export async function exportBcf(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  unitId: number,
): Promise<{ fileName: string; stream: Readable }> {
  const access = await requireReviewUnit(ctx, user, rootId, unitId);
  const topics = await repo.findTopics(ctx.db, unitId);
  const comments = await repo.findComments(
    ctx.db,
    topics.map((t) => t.review_topic_id),
  );
  const bcf: BcfTopic[] = topics.map((t) => ({
    guid: t.guid,
    title: t.title,
    status: t.status,
    creationDate: new Date(t.created_at),
    creationAuthor: t.created_by_login,
    assignedTo: t.assignee_login,
    priority: t.priority,
    dueDate: t.due_date,
    labels: t.labels,
    description: null,
    fileName: t.file_name,
    version: t.version_no,
    markup: t.markup,
    viewpoint: t.viewpoint,
    // The viewpoint's guid is derived from the topic's, so exporting twice gives the same archive.
    viewpointGuid: t.viewpoint ? uuidFrom(`${t.guid}/viewpoint`) : null,
    comments: comments
      .filter((c) => c.review_topic_id === t.review_topic_id)
      // The real author: the user who wrote the comment (for an imported one, who imported it).
      .map((c) => ({
        guid: c.guid,
        date: new Date(c.created_at),
        author: c.author_login ?? c.author_name,
        text: c.text,
      })),
  }));
  const archive = new ZipArchive({ zlib: { level: 6 } });
  for (const entry of bcfEntries(bcf)) archive.append(entry.data, { name: entry.name });
  void archive.finalize().catch((err: Error) => archive.destroy(err));
  const safeTitle = access.unit.title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || String(unitId);
  return { fileName: `${safeTitle}.bcfzip`, stream: archive };
}

export function sendBcf(archive: { fileName: string; stream: Readable }, reply: FastifyReply) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(archive.fileName))
    .header('cache-control', 'no-store')
    .send(archive.stream);
}

function uuidFrom(text: string): string {
  const h = crypto.createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Topics of a BCF archive into the unit, all or none. A topic whose guid the unit has already is
 * skipped (importing the same archive twice adds nothing).
 *
 * Whatever the archive claims about who wrote a topic or comment and when is not trusted: the
 * records are the importing user's, at the import time, and the archive's author and date are kept
 * as text only, shown as provenance ("imported from BCF; originally by X on D"). The assignee is
 * matched by login among the project's members (the importing user may assign any member anyway;
 * anyone else is left unassigned); priority, due date and labels are taken as the archive has them,
 * files by name among the unit's files. The import is journaled on the unit.
 */
export async function importBcf(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  unitId: number,
  bytes: Buffer | undefined,
): Promise<BcfImportResult> {
  const access = await requireReviewUnit(ctx, user, rootId, unitId);
  requireWritable(access);
  if (!bytes || bytes.length === 0) throw new AppError('ValidationFailed', 'VIEWER.Bcf.Errors.NotZip');
  const read = await readBcfArchive(bytes);
  if (!read.ok) throw new AppError('ValidationFailed', `VIEWER.Bcf.Errors.${read.problem}`);

  return ctx.db.transaction().execute(async (trx) => {
    // A guid used elsewhere is replaced by one derived from it and the unit, so a second import of
    // the same archive into the same unit recognises its topics.
    const derived = (guid: string) => uuidFrom(`${unitId}:${guid}`);
    const onUnit = await repo.topicGuidsOfUnit(trx, unitId);
    const fresh = read.topics.filter((t) => !onUnit.has(t.guid) && !onUnit.has(derived(t.guid)));
    const taken = new Set(
      await repo.existingGuids(trx, [
        ...fresh.map((t) => t.guid),
        ...fresh.flatMap((t) => t.comments.map((c) => c.guid)),
      ]),
    );
    const newGuid = (guid: string) => (taken.has(guid) ? derived(guid) : guid);
    const members = await reviewRepo.membersByLogin(trx, rootId);
    const member = (login: string | null) => (login ? (members.get(login.toLowerCase()) ?? null) : null);
    const now = ctx.clock.now();
    const importer = authorName(user);
    // A date the archive left out is read as the epoch: no date is better than that one.
    const claimed = (author: string | null, date: Date): repo.Provenance => ({
      author: author && author !== '?' ? author.slice(0, 255) : null,
      createdAt: date.getTime() === 0 ? null : date,
    });
    const files = await reviewRepo.findFilesByName(trx, unitId);
    for (const t of fresh) {
      const file = t.fileName ? await matchFile(trx, unitId, files, t.fileName) : null;
      const topicId = await repo.insertTopic(trx, {
        guid: newGuid(t.guid),
        tenantId: access.root.tenant_id,
        rootId,
        unitId,
        fileId: file?.id ?? null,
        versionNo: file ? Math.min(t.version ?? file.newest, file.newest) : null,
        title: t.title,
        status: t.status,
        assigneeId: member(t.assignedTo),
        priority: t.priority,
        dueDate: t.dueDate,
        labels: t.labels,
        createdBy: user.userId,
        now,
        markup: file ? t.markup : null,
        viewpoint: t.viewpoint,
        imported: claimed(t.creationAuthor, t.creationDate),
      });
      const comments = t.description
        ? [{ guid: crypto.randomUUID(), date: t.creationDate, author: t.creationAuthor ?? '?', text: t.description }]
        : [];
      // One conversation in the order the archive dates it (the rows all carry the import time).
      const thread = [...comments, ...t.comments].sort((x, y) => x.date.getTime() - y.date.getTime());
      for (const c of thread) {
        await repo.insertComment(trx, {
          guid: newGuid(c.guid),
          topicId,
          authorId: user.userId,
          authorName: importer,
          text: c.text,
          now,
          imported: claimed(c.author, c.date),
        });
      }
    }
    if (fresh.length > 0) {
      await insertJournal(trx, {
        tenantId: access.root.tenant_id,
        rootId,
        unitId,
        now,
        userId: user.userId,
        userEmail: user.login,
        content: {
          oldState: access.unit.state_key,
          newState: access.unit.state_key,
          additionalMessage: journalTexts(user.language).imported(fresh.length),
        },
        delayed: false,
        rule: null,
      });
    }
    return { imported: fresh.length, skipped: read.topics.length - fresh.length };
  });
}

async function matchFile(
  db: ServiceContext['db'],
  unitId: number,
  files: { project_file_id: number; name: string }[],
  name: string,
): Promise<{ id: number; newest: number } | null> {
  const match = files.find((f) => f.name.toLowerCase() === name.toLowerCase());
  if (!match) return null;
  const file = await reviewRepo.findFileOfUnit(db, unitId, match.project_file_id);
  return file?.newest_version ? { id: match.project_file_id, newest: file.newest_version } : null;
}
