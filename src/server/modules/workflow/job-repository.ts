import type { Insertable, NotNull } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { StateKey } from '../../../shared/schemas/project-unit';
import type { WorkflowRemindersTable } from '../../platform/db/tables/workflow';

export async function findTenantIds(db: Database): Promise<number[]> {
  const rows = await db.selectFrom('tenants').select('tenant_id').execute();
  return rows.map((r) => r.tenant_id);
}

/** Units of the tenant in one of `states` for more than a day, with their project's title. */
export function findUnitsStayingSince(db: Database, tenantId: number, states: StateKey[], before: Date) {
  return db
    .selectFrom('project_units as u')
    .innerJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
    .select([
      'u.project_unit_id',
      'u.root_project_unit_id',
      'u.project_unit_type',
      'u.state_key',
      'u.state_since',
      'u.project_unit_no',
      'u.title',
      'r.title as root_title',
    ])
    .where('u.tenant_id', '=', tenantId)
    .where('u.state_since', '<', before)
    .where('u.state_key', 'in', states)
    .execute();
}

/** Records a reminder of a stay; false when it was sent before (unique per unit, stay and kind). */
export async function claimReminder(db: Database, claim: Insertable<WorkflowRemindersTable>): Promise<boolean> {
  const row = await db
    .insertInto('workflow_reminders')
    .values(claim)
    .onConflict((oc) => oc.columns(['project_unit_id', 'state_since', 'rule_key']).doNothing())
    .returning('reminder_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A reminder goes to the unit's task holders; an escalation also to the project's internal members. */
export function findReminderRecipients(
  db: Database,
  unit: { unitId: number; rootId: number },
  kind: 'reminder' | 'escalation',
) {
  return (
    db
      .selectFrom('users as u')
      .select(['u.user_id', 'u.email', 'u.login', 'u.first_name', 'u.last_name', 'u.language'])
      .where('u.deleted_at', 'is', null)
      // A deactivated user cannot act on a reminder.
      .where('u.deactivated_at', 'is', null)
      .where((eb) => {
        const holder = eb.exists(
          eb
            .selectFrom('tasks as t')
            .select('t.task_id')
            .whereRef('t.user_id', '=', 'u.user_id')
            .where('t.project_unit_id', '=', unit.unitId)
            .where('t.closed_at', 'is', null),
        );
        if (kind === 'reminder') return holder;
        const internalMember = eb.and([
          eb('u.is_internal', '=', true),
          eb.exists(
            eb
              .selectFrom('members as m')
              .select('m.user_id')
              .whereRef('m.user_id', '=', 'u.user_id')
              .where('m.root_project_unit_id', '=', unit.rootId),
          ),
        ]);
        return eb.or([holder, internalMember]);
      })
      .execute()
  );
}

/**
 * Active users with an e-mail address for the daily mail (the digest): those who asked for the
 * overview of their tasks and have open tasks, and those named in `withNews` (notifications since
 * the last digest; whether any is for the digest is decided per user).
 */
export function findDailyStatusUsers(db: Database, withNews: number[] = []) {
  return db
    .selectFrom('users as u')
    .select([
      'u.user_id',
      'u.tenant_id',
      'u.email',
      'u.login',
      'u.first_name',
      'u.last_name',
      'u.language',
      'u.is_internal',
      'u.is_admin',
      'u.daily_status_mail',
    ])
    .where('u.deleted_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .where('u.email', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('u.daily_status_mail', '=', true),
          eb.exists(
            eb
              .selectFrom('tasks as t')
              .select('t.task_id')
              .whereRef('t.user_id', '=', 'u.user_id')
              .where('t.closed_at', 'is', null),
          ),
        ]),
        ...(withNews.length ? [eb('u.user_id', 'in', withNews)] : []),
      ]),
    )
    .orderBy('u.user_id')
    .$narrowType<{ email: NotNull }>()
    .execute();
}

/** Claims the daily mail of a user and day; false when it went out already. */
/** When each of the users last got the daily mail (users who never did are absent). */
export async function lastDailyStatusMails(db: Database, userIds: number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('daily_status_mails')
    .select(['user_id', (eb) => eb.fn.max('sent_at').as('sent_at')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, new Date(r.sent_at)]));
}

export async function claimDailyStatusMail(db: Database, userId: number, day: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('daily_status_mails')
    .values({ user_id: userId, day, sent_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest 50 open tasks of a user, with unit and project titles. */
export function findOpenTasksForMail(db: Database, userId: number) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('project_units as u', 'u.project_unit_id', 't.project_unit_id')
    .innerJoin('project_units as r', 'r.project_unit_id', 't.root_project_unit_id')
    .select([
      't.root_project_unit_id',
      't.project_unit_id',
      't.state_key',
      'u.project_unit_no',
      'u.title',
      'r.title as root_title',
    ])
    .where('t.user_id', '=', userId)
    .where('t.closed_at', 'is', null)
    .orderBy('t.created_at', 'desc')
    .limit(50)
    .execute();
}
