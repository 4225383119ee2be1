import { sql } from 'kysely';
import type { EscalationRule, WorkflowRow } from '../../../shared/rules/workflow';
import type { ProjectUnitType, StateKey } from '../../../shared/schemas/project-unit';
import type { Database } from '../../platform/db/database';
import type { JournalContent } from '../../platform/db/tables/workflow';

/** The tenant's workflow definition rows, in definition order. */
export async function findDefinition(db: Database, tenantId: number): Promise<WorkflowRow[]> {
  const rows = await db
    .selectFrom('workflow_definitions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('sort')
    .orderBy('workflow_definition_id')
    .execute();
  return rows.map((r) => ({
    unitType: r.unit_type,
    state: r.state_key,
    action: r.action,
    requirement: r.requirement,
    nextState: r.next_state,
    guard: r.guard,
    holders: r.holders,
    escalation: r.escalation,
    opensTask: r.opens_task,
  }));
}

export async function insertDefinition(db: Database, tenantId: number, rows: WorkflowRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('workflow_definitions')
    .values(
      rows.map((r, i) => ({
        tenant_id: tenantId,
        unit_type: r.unitType,
        state_key: r.state,
        action: r.action,
        requirement: r.requirement,
        next_state: r.nextState,
        guard: r.guard,
        holders: r.holders,
        escalation: r.escalation === null ? null : JSON.stringify(r.escalation),
        opens_task: r.opensTask,
        sort: i,
      })),
    )
    .execute();
}

export type LockedUnit = {
  project_unit_id: number;
  root_project_unit_id: number;
  parent_project_unit_id: number | null;
  tenant_id: number;
  project_unit_type: ProjectUnitType;
  state_key: StateKey;
  state_since: Date;
  is_bim: boolean;
};

function selectUnit(db: Database, unitId: number) {
  return db
    .selectFrom('project_units')
    .select([
      'project_unit_id',
      'root_project_unit_id',
      'parent_project_unit_id',
      'tenant_id',
      'project_unit_type',
      'state_key',
      'state_since',
      'is_bim',
    ])
    .where('project_unit_id', '=', unitId);
}

function toLocked(row: Awaited<ReturnType<ReturnType<typeof selectUnit>['executeTakeFirst']>>): LockedUnit | undefined {
  if (!row || row.root_project_unit_id === null) return undefined;
  return { ...row, root_project_unit_id: row.root_project_unit_id };
}

/** Reads the unit and locks its row until the transaction ends: concurrent changes queue here. */
export async function lockUnit(trx: Database, unitId: number): Promise<LockedUnit | undefined> {
  return toLocked(await selectUnit(trx, unitId).forUpdate().executeTakeFirst());
}

/** Reads the unit without a lock (for showing the actions). */
export async function readUnit(db: Database, unitId: number): Promise<LockedUnit | undefined> {
  return toLocked(await selectUnit(db, unitId).executeTakeFirst());
}

export async function hasOpenTask(trx: Database, unitId: number, userId: number, stateKey: StateKey): Promise<boolean> {
  const row = await trx
    .selectFrom('tasks')
    .select('task_id')
    .where('project_unit_id', '=', unitId)
    .where('user_id', '=', userId)
    .where('state_key', '=', stateKey)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateUnitState(trx: Database, unitId: number, stateKey: StateKey, now: Date): Promise<void> {
  await trx
    .updateTable('project_units')
    .set({ state_key: stateKey, state_since: now, updated_at: now })
    .where('project_unit_id', '=', unitId)
    .execute();
}

export async function closeOpenTasks(trx: Database, unitId: number, now: Date): Promise<void> {
  await trx
    .updateTable('tasks')
    .set({ closed_at: now })
    .where('project_unit_id', '=', unitId)
    .where('closed_at', 'is', null)
    .execute();
}

/**
 * The users who hold a state's task: members of the root with one of the holder roles, or any
 * internal member of the tenant when `internal` is listed. Nobody found → the internal members,
 * so no task is left without a holder.
 */
export async function findHolders(
  trx: Database,
  rootId: number,
  tenantId: number,
  holders: string[],
): Promise<number[]> {
  const roles = holders.filter((h) => h !== 'internal');
  const internal = holders.includes('internal');
  const query = (withRoles: boolean) =>
    trx
      .selectFrom('members as m')
      .innerJoin('users as u', 'u.user_id', 'm.user_id')
      .select('m.user_id')
      .where('m.root_project_unit_id', '=', rootId)
      .where('u.deleted_at', 'is', null)
      .where((eb) => {
        const internalMember = eb.and([eb('u.is_internal', '=', true), eb('u.tenant_id', '=', tenantId)]);
        if (!withRoles) return internalMember;
        const byRole = roles.length > 0 ? sql<boolean>`m.role_keys && ${sql.val(roles)}::text[]` : sql<boolean>`false`;
        return internal ? eb.or([byRole, internalMember]) : eb.or([byRole]);
      })
      .orderBy('m.user_id')
      .execute();
  const found = await query(true);
  if (found.length > 0) return found.map((r) => r.user_id);
  return (await query(false)).map((r) => r.user_id);
}

/** The users holding an open task on the unit. */
export async function openTaskHolders(trx: Database, unitId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('tasks')
    .select('user_id')
    .distinct()
    .where('project_unit_id', '=', unitId)
    .where('closed_at', 'is', null)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function insertTasks(
  trx: Database,
  unit: { project_unit_id: number; root_project_unit_id: number; tenant_id: number },
  stateKey: StateKey,
  userIds: number[],
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .insertInto('tasks')
    .values(
      userIds.map((user_id) => ({
        tenant_id: unit.tenant_id,
        root_project_unit_id: unit.root_project_unit_id,
        project_unit_id: unit.project_unit_id,
        user_id,
        task_key: stateKey,
        state_key: stateKey,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertJournal(
  trx: Database,
  entry: {
    tenantId: number;
    rootId: number;
    unitId: number;
    now: Date;
    userId: number | null;
    userEmail: string | null;
    content: JournalContent;
    delayed: boolean;
    rule: EscalationRule | null;
  },
): Promise<void> {
  const { oldState } = entry.content;
  const reminder =
    oldState === null
      ? undefined
      : await trx
          .selectFrom('workflow_reminders')
          .select('reminder_id')
          .where('project_unit_id', '=', entry.unitId)
          .where('state_key', '=', oldState)
          .orderBy('reminder_id', 'desc')
          .executeTakeFirst();
  await trx
    .insertInto('project_unit_journal')
    .values({
      tenant_id: entry.tenantId,
      root_project_unit_id: entry.rootId,
      project_unit_id: entry.unitId,
      created_at: entry.now,
      user_id: entry.userId,
      user_email: entry.userEmail,
      content_json: JSON.stringify(entry.content),
      delayed: entry.delayed,
      rule: entry.rule ? JSON.stringify(entry.rule) : null,
      reminder_id: reminder?.reminder_id ?? null,
    })
    .execute();
}

/** Descendants of a root that are in the given state (children that follow the root). */
export async function findFollowers(trx: Database, rootId: number, stateKey: StateKey) {
  return trx
    .selectFrom('project_units')
    .select(['project_unit_id', 'root_project_unit_id', 'tenant_id', 'project_unit_type', 'state_key', 'state_since'])
    .where('root_project_unit_id', '=', rootId)
    .where('project_unit_id', '!=', rootId)
    .where('state_key', '=', stateKey)
    .orderBy('project_unit_id')
    .forUpdate()
    .execute();
}

export async function findUserEmail(trx: Database, userId: number): Promise<string | null> {
  const row = await trx.selectFrom('users').select(['email', 'login']).where('user_id', '=', userId).executeTakeFirst();
  return row?.email ?? row?.login ?? null;
}

export async function insertParam(trx: Database, unitId: number, key: string, value: string | null, now: Date) {
  return trx
    .insertInto('project_unit_params')
    .values({ project_unit_id: unitId, param_key: key, param_value: value, created_on: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findParams(db: Database, unitId: number, key?: string) {
  let q = db.selectFrom('project_unit_params').selectAll().where('project_unit_id', '=', unitId);
  if (key) q = q.where('param_key', '=', key);
  return q.orderBy('created_on', 'desc').orderBy('project_unit_param_id', 'desc').execute();
}

export async function countAssignments(db: Database, unitId: number): Promise<number> {
  const row = await db
    .selectFrom('project_unit_product_type_assignments')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Savepoints around one workflow effect inside the transition's transaction. */
export const effectSavepoint = {
  begin: (trx: Database) => sql`savepoint workflow_effect`.execute(trx),
  release: (trx: Database) => sql`release savepoint workflow_effect`.execute(trx),
  rollback: (trx: Database) => sql`rollback to savepoint workflow_effect`.execute(trx),
};
