import type { JournalPage } from '../../../shared/schemas/journal';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import { fetchList, parseListQuery, type ListResource } from '../../platform/list-query';
import type { ListQueryString } from '../../../shared/schemas/list';
import type { ServiceContext } from '../../platform/context';
import { journalListBase } from './repository';

/** Fields of the journal that `$filter` and `$orderby` may name. */
export const journalResource: ListResource = {
  fields: {
    projectUnitName: { column: 'u.title', type: 'text' },
    projectUnitNo: { column: 'u.project_unit_no', type: 'text' },
    projectUnitType: { column: 'u.project_unit_type', type: 'text' },
    userEmail: { column: 'j.user_email', type: 'text' },
    date: { column: 'j.created_at', type: 'date' },
    delayed: { column: 'j.delayed', type: 'boolean' },
  },
  defaultOrder: [{ field: 'date', direction: 'desc' }],
  tieBreaker: 'j.project_units_journal_id',
  defaultTop: 10,
  maxTop: 100,
};

/**
 * The project history of a root: readable project, the HasJournal feature on, and an internal
 * user (DESIGN.md §2; spec §2 "available only when the journal feature is on and the user is internal").
 */
export async function listJournal(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  query: ListQueryString,
): Promise<JournalPage> {
  await requireAccess(ctx.db, user, { permission: 'journal.read', id: rootId });

  const list = parseListQuery(journalResource, { ...query, $count: 'true' });
  const { data, count } = await fetchList(journalListBase(ctx.db, rootId), list);
  return {
    count: count ?? data.length,
    data: data.map((r) => ({
      projectUnitsJournalID: r.project_units_journal_id,
      projectUnitID: r.project_unit_id,
      projectUnitName: r.title,
      projectUnitNo: r.project_unit_no,
      projectUnitType: r.project_unit_type,
      date: new Date(r.created_at).toISOString(),
      userEmail: r.user_email,
      contentJson: {
        oldState: r.content_json.oldState ?? null,
        newState: r.content_json.newState,
        additionalMessage: r.content_json.additionalMessage ?? null,
      },
      delayed: r.delayed,
      rule: r.rule,
      reminderID: r.reminder_id,
    })),
  };
}
