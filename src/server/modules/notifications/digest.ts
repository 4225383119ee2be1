import { notificationTypes } from '../../../shared/schemas/notifications';
import type { Database } from '../../platform/db/database';
import { eventText, unitLink } from './event-mails';
import { deliveriesOf, type MailRole } from './mail-preferences';
import { notificationsBetween, usersNotifiedSince } from './mail-repository';
import { readersOfRoot } from './repository';

export type DigestItem = { line: string; link: string };

/** Users with something for the digest since `since`: a notification of a kind they may choose for it. */
export const digestCandidates = (db: Database, since: Date): Promise<number[]> => usersNotifiedSince(db, since);

/**
 * What the daily digest lists besides the open tasks: the user's notifications from `since` until
 * before `until` (the previous digest and this one) whose kind they chose `digest` for, of units
 * they may still read, oldest first (at most 100).
 */
export async function digestItems(
  db: Database,
  user: MailRole & { user_id: number; language: string },
  since: Date,
  until: Date,
  publicUrl: string,
): Promise<DigestItem[]> {
  const prefs = (await deliveriesOf(db, [user])).get(user.user_id)!;
  const kinds = notificationTypes.filter((k) => prefs[k] === 'digest');
  if (kinds.length === 0) return [];
  const rows = await notificationsBetween(db, user.user_id, since, until, kinds);
  // Only what the user may read now (membership can have ended since).
  const roots = [...new Set(rows.flatMap((r) => (r.root_project_unit_id === null ? [] : [r.root_project_unit_id])))];
  const readable = new Set<number>();
  for (const root of roots) if ((await readersOfRoot(db, root, [user.user_id])).length) readable.add(root);
  return rows.flatMap((r) => {
    if (r.root_project_unit_id === null || !readable.has(r.root_project_unit_id) || r.title === null) return [];
    const what = eventText(user.language, r.type, r.data);
    const unit = `${r.project_unit_no ?? ''} ${r.title}`.trim();
    return [
      {
        line: r.actor ? `${what} – ${unit} (${r.actor})` : `${what} – ${unit}`,
        link: unitLink(publicUrl, r.root_project_unit_id, r.project_unit_id),
      },
    ];
  });
}
