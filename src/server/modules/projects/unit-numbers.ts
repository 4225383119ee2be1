import type { Database } from '../../platform/db/database';
import * as repo from './unit-repository';

/** Unit numbers come from a counter row per tenant and scope (`nextUnitNumber`): a deleted unit's number is never handed out again. */
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
  const rows = await repo.findRootNumbers(trx, tenantId, prefix);
  const n = await repo.nextUnitNumber(trx, tenantId, `root:${year}`, highestSuffix(rows, prefix));
  return `${prefix}${String(n).padStart(4, '0')}`;
}

/** The next child number: parent number plus a two-digit running index. */
export async function nextChildNo(
  trx: Database,
  parent: { project_unit_id: number; project_unit_no: string; tenant_id: number },
): Promise<string> {
  const prefix = `${parent.project_unit_no}-`;
  const rows = await repo.findChildNumbers(trx, parent.project_unit_id);
  const n = await repo.nextUnitNumber(
    trx,
    parent.tenant_id,
    `unit:${parent.project_unit_id}`,
    highestSuffix(rows, prefix),
  );
  return `${prefix}${String(n).padStart(2, '0')}`;
}
