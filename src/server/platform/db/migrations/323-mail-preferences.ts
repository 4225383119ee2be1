import { sql, type Kysely } from 'kysely';

/**
 * Mail preferences: per user and kind of event (the notification kinds) how its mail comes —
 * `immediately`, in the daily `digest`, or `off`. Only the user's own choices are rows; a kind
 * without a row follows the default of the user's role (modules/notifications/mail-preferences.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail_preferences (
      user_id integer not null references users(user_id) on delete cascade,
      kind text not null,
      delivery text not null check (delivery in ('immediately', 'digest', 'off')),
      updated_at timestamptz not null default now(),
      primary key (user_id, kind)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_preferences`.execute(db);
}
