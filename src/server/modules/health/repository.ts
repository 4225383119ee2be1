import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/** Whether the database answers a trivial query. */
export function pingDatabase(db: Database): Promise<boolean> {
  return sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
}
