import type { Database } from '../../platform/db/database';

/** The journal entries of a root with their unit, for `fetchList`. */
export function journalListBase(db: Database, rootId: number) {
  return db
    .selectFrom('project_unit_journal as j')
    .innerJoin('project_units as u', 'u.project_unit_id', 'j.project_unit_id')
    .select([
      'j.project_units_journal_id',
      'j.project_unit_id',
      'u.title',
      'u.project_unit_no',
      'u.project_unit_type',
      'j.created_at',
      'j.user_email',
      'j.content_json',
      'j.delayed',
      'j.rule',
      'j.reminder_id',
    ])
    .where('j.root_project_unit_id', '=', rootId);
}
