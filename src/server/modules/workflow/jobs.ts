import { addWorkingDays, type EscalationRule } from '../../../shared/rules/workflow';
import type { Job } from '../../platform/jobs/runner';
import { dailyStatusMail, mailLanguage, reminderMail } from './mail-texts';
import { loadDefinition } from './service';
import type { ServiceContext } from '../../platform/context';

const FIVE_MINUTES = 5 * 60_000;
export const DAILY_STATUS_HOUR = 6;
export const DAILY_STATUS_ZONE = 'Europe/Berlin';

/** Calendar day and hour in Berlin. */
export function berlinTime(now: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DAILY_STATUS_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

const displayName = (u: { first_name: string | null; last_name: string | null; login: string }) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || u.login;

function detailsLink(ctx: ServiceContext, rootId: number, unitId: number): string {
  return `${ctx.config.publicUrl}/home/app/project/details/${rootId}/${unitId}`;
}

/**
 * Reminders and escalations: a unit that stays in a state longer than its rule allows gets one
 * reminder (to the task holders) and later one escalation (holders and internal members).
 * `workflow_reminders` is unique per unit, stay and kind, so nothing is sent twice.
 */
export async function sendDueReminders(ctx: ServiceContext, now: Date): Promise<number> {
  const { db } = ctx;
  let sent = 0;
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id } of tenants) {
    const definition = await loadDefinition(db, tenant_id);
    const rules = new Map<string, EscalationRule>();
    for (const r of definition) if (r.escalation) rules.set(`${r.unitType}|${r.state}`, r.escalation);
    if (rules.size === 0) continue;
    const units = await db
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
      .where('u.tenant_id', '=', tenant_id)
      .where('u.state_since', '<', new Date(now.getTime() - 86_400_000))
      .where('u.state_key', 'in', [...new Set(definition.filter((r) => r.escalation).map((r) => r.state))])
      .execute();
    for (const unit of units) {
      const rule = rules.get(`${unit.project_unit_type}|${unit.state_key}`);
      if (!rule || unit.root_project_unit_id === null) continue;
      const since = new Date(unit.state_since);
      const kinds: ('reminder' | 'escalation')[] = [];
      if (addWorkingDays(since, rule.remindAfterWorkingDays) <= now) kinds.push('reminder');
      if (addWorkingDays(since, rule.escalateAfterWorkingDays) <= now) kinds.push('escalation');
      for (const kind of kinds) {
        const claimed = await db
          .insertInto('workflow_reminders')
          .values({
            tenant_id,
            project_unit_id: unit.project_unit_id,
            state_key: unit.state_key,
            state_since: since,
            rule_key: kind,
            rule: JSON.stringify(rule),
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['project_unit_id', 'state_since', 'rule_key']).doNothing())
          .returning('reminder_id')
          .executeTakeFirst();
        if (!claimed) continue;
        const recipients = await db
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
                .where('t.project_unit_id', '=', unit.project_unit_id)
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
                  .where('m.root_project_unit_id', '=', unit.root_project_unit_id!),
              ),
            ]);
            return eb.or([holder, internalMember]);
          })
          .execute();
        for (const user of recipients) {
          if (!user.email) continue;
          const lang = mailLanguage(user.language);
          const days = kind === 'reminder' ? rule.remindAfterWorkingDays : rule.escalateAfterWorkingDays;
          const mail = reminderMail(lang, displayName(user), kind, days, {
            projectUnitNo: unit.project_unit_no,
            title: unit.title,
            rootTitle: unit.root_title,
            stateKey: unit.state_key,
            link: detailsLink(ctx, unit.root_project_unit_id, unit.project_unit_id),
          });
          await ctx.mailer.send({ tenantId: tenant_id, to: user.email, ...mail });
          sent++;
        }
      }
    }
  }
  return sent;
}

/**
 * The daily task status e-mail to users who opted in and have open tasks. Each user is claimed
 * through the primary key (user, day) of `daily_status_mails` before the mail goes out: one
 * mail per user and day, even with several instances or after a restart.
 */
export async function sendDailyStatusMails(ctx: ServiceContext, now: Date): Promise<number> {
  const { db } = ctx;
  const { day } = berlinTime(now);
  const users = await db
    .selectFrom('users as u')
    .select(['u.user_id', 'u.tenant_id', 'u.email', 'u.login', 'u.first_name', 'u.last_name', 'u.language'])
    .where('u.daily_status_mail', '=', true)
    .where('u.deleted_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .where('u.email', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('tasks as t')
          .select('t.task_id')
          .whereRef('t.user_id', '=', 'u.user_id')
          .where('t.closed_at', 'is', null),
      ),
    )
    .orderBy('u.user_id')
    .execute();
  let sent = 0;
  for (const user of users) {
    const claimed = await db
      .insertInto('daily_status_mails')
      .values({ user_id: user.user_id, day, sent_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) continue;
    const tasks = await db
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
      .where('t.user_id', '=', user.user_id)
      .where('t.closed_at', 'is', null)
      .orderBy('t.created_at', 'desc')
      .limit(50)
      .execute();
    const mail = dailyStatusMail(
      mailLanguage(user.language),
      displayName(user),
      tasks.map((t) => ({
        projectUnitNo: t.project_unit_no,
        title: t.title,
        rootTitle: t.root_title,
        stateKey: t.state_key,
        link: detailsLink(ctx, t.root_project_unit_id, t.project_unit_id),
      })),
    );
    await ctx.mailer.send({ tenantId: user.tenant_id, to: user.email!, ...mail });
    sent++;
  }
  return sent;
}

/** The workflow's scheduled jobs: reminders every five minutes, the status mail daily from 06:00 Berlin. */
export function workflowJobs(ctx: ServiceContext): Job[] {
  return [
    {
      name: 'workflow-reminders',
      runKey: (now) => String(Math.floor(now.getTime() / FIVE_MINUTES)),
      run: async (now) => {
        await sendDueReminders(ctx, now);
      },
    },
    {
      name: 'daily-task-status',
      runKey: (now) => {
        const b = berlinTime(now);
        return b.hour >= DAILY_STATUS_HOUR ? b.day : null;
      },
      run: async (now) => {
        await sendDailyStatusMails(ctx, now);
      },
    },
  ];
}
