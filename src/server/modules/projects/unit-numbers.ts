import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/**
 * Unit numbers come from a counter row per tenant and scope, so a deleted unit's number is never
 * handed out again. The upsert takes the row lock: parallel creations in the same scope queue
 * here until the first transaction ends, and each gets the next value. A scope created for the
 * first time starts after the highest number already in use (demo data, units from before).
 */
async function nextValue(trx: Database, tenantId: number, scope: string, highestInUse: number): Promise<number> {
  const row = await sql<{ last_value: number }>`
    insert into unit_number_sequences (tenant_id, scope, last_value)
    values (${tenantId}, ${scope}, ${highestInUse + 1})
    on conflict (tenant_id, scope) do update set last_value = unit_number_sequences.last_value + 1
    returning last_value`.execute(trx);
  return row.rows[0].last_value;
}

function highestSuffix(numbers: string[], prefix: string): number {
  let max = 0;
  for (const no of numbers) {
    if (!no.startsWith(prefix)) continue;
    const n = Number(no.slice(prefix.length));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return max;
}

/** The next root project number of the tenant and year: `2026-0012`. */
export async function nextRootNo(trx: Database, tenantId: number, year: number): Promise<string> {
  const prefix = `${year}-`;
  const rows = await trx
    .selectFrom('project_units')
    .select('project_unit_no')
    .where('tenant_id', '=', tenantId)
    .where('parent_project_unit_id', 'is', null)
    .where('project_unit_no', 'like', `${prefix}%`)
    .execute();
  const n = await nextValue(
    trx,
    tenantId,
    `root:${year}`,
    highestSuffix(
      rows.map((r) => r.project_unit_no),
      prefix,
    ),
  );
  return `${prefix}${String(n).padStart(4, '0')}`;
}

/** The next child number: parent number plus a two-digit running index. */
export async function nextChildNo(
  trx: Database,
  parent: { project_unit_id: number; project_unit_no: string; tenant_id: number },
): Promise<string> {
  const prefix = `${parent.project_unit_no}-`;
  const rows = await trx
    .selectFrom('project_units')
    .select('project_unit_no')
    .where('parent_project_unit_id', '=', parent.project_unit_id)
    .execute();
  const n = await nextValue(
    trx,
    parent.tenant_id,
    `unit:${parent.project_unit_id}`,
    highestSuffix(
      rows.map((r) => r.project_unit_no),
      prefix,
    ),
  );
  return `${prefix}${String(n).padStart(2, '0')}`;
}
