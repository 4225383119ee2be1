import { addWorkingDays, type EscalationRule } from '../../../shared/rules/workflow';
import type { Job } from '../../platform/jobs/runner';
import * as repo from './job-repository';
import { serverLanguage } from '../../platform/i18n';
import { dailyStatusMail, reminderMail } from './mail-texts';
import { loadDefinition } from './service';
import type { ServiceContext } from '../../platform/context';
import { digestCandidates, digestItems } from '../notifications/digest';
import { preferenceFooter } from '../notifications/event-mails';
import { unsubscribeHeaders } from '../notifications/mail-preferences';

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
  const tenants = await repo.findTenantIds(db);
  for (const tenant_id of tenants) {
    const definition = await loadDefinition(db, tenant_id);
    const rules = new Map<string, EscalationRule>();
    for (const r of definition) if (r.escalation) rules.set(`${r.unitType}|${r.state}`, r.escalation);
    if (rules.size === 0) continue;
    const states = [...new Set(definition.filter((r) => r.escalation).map((r) => r.state))];
    const units = await repo.findUnitsStayingSince(db, tenant_id, states, new Date(now.getTime() - 86_400_000));
    for (const unit of units) {
      const rule = rules.get(`${unit.project_unit_type}|${unit.state_key}`);
      if (!rule || unit.root_project_unit_id === null) continue;
      const rootId = unit.root_project_unit_id;
      const since = new Date(unit.state_since);
      const kinds: ('reminder' | 'escalation')[] = [];
      if (addWorkingDays(since, rule.remindAfterWorkingDays) <= now) kinds.push('reminder');
      if (addWorkingDays(since, rule.escalateAfterWorkingDays) <= now) kinds.push('escalation');
      for (const kind of kinds) {
        // The claim and its mails in one transaction: a failure leaves neither, the next run retries.
        sent += await db.transaction().execute(async (trx) => {
          const claimed = await repo.claimReminder(trx, {
            tenant_id,
            project_unit_id: unit.project_unit_id,
            state_key: unit.state_key,
            state_since: since,
            rule_key: kind,
            rule: JSON.stringify(rule),
            created_at: now,
          });
          if (!claimed) return 0;
          const recipients = await repo.findReminderRecipients(
            trx,
            { unitId: unit.project_unit_id, rootId: rootId },
            kind,
          );
          let queued = 0;
          for (const user of recipients) {
            if (!user.email) continue;
            const lang = serverLanguage(user.language);
            const days = kind === 'reminder' ? rule.remindAfterWorkingDays : rule.escalateAfterWorkingDays;
            const mail = reminderMail(lang, displayName(user), kind, days, {
              projectUnitNo: unit.project_unit_no,
              title: unit.title,
              rootTitle: unit.root_title,
              stateKey: unit.state_key,
              link: detailsLink(ctx, rootId, unit.project_unit_id),
            });
            await ctx.mailer.enqueue(trx, { tenantId: tenant_id, to: user.email, ...mail });
            queued++;
          }
          return queued;
        });
      }
    }
  }
  return sent;
}

/** A digest reaches back to the user's previous one, at most this far (a day for a first one). */
const DIGEST_REACH_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;

/**
 * The daily mail, the digest: the user's open tasks (for those who asked for that overview) and
 * what happened since the user's previous digest (a day for a first one, at most a week, so a day
 * the mail did not go out loses nothing) of the kinds the user chose "daily digest" for
 * (modules/notifications/digest.ts). Sent only when it lists something. Each user is claimed
 * through the primary key (user, day) of `daily_status_mails` before the mail goes out: one
 * mail per user and day, even with several instances or after a restart.
 */
export async function sendDailyStatusMails(ctx: ServiceContext, now: Date, onlyUserIds?: number[]): Promise<number> {
  const { db } = ctx;
  const { day } = berlinTime(now);
  const reach = new Date(now.getTime() - DIGEST_REACH_MS);
  const all = await repo.findDailyStatusUsers(db, await digestCandidates(db, reach));
  // `onlyUserIds`: the run for some users only (tests on a shared database).
  const users = onlyUserIds ? all.filter((u) => onlyUserIds.includes(u.user_id)) : all;
  const previous = await repo.lastDailyStatusMails(
    db,
    users.map((u) => u.user_id),
  );
  let sent = 0;
  for (const user of users) {
    const last = previous.get(user.user_id);
    const since = last === undefined ? new Date(now.getTime() - DAY_MS) : last > reach ? last : reach;
    // The claim and the mail in one transaction: a failure leaves neither, the next run retries.
    sent += await db.transaction().execute(async (trx) => {
      const tasks = user.daily_status_mail ? await repo.findOpenTasksForMail(trx, user.user_id) : [];
      const news = await digestItems(trx, user, since, now, ctx.config.publicUrl);
      if (tasks.length === 0 && news.length === 0) return 0;
      const claimed = await repo.claimDailyStatusMail(trx, user.user_id, day, now);
      if (!claimed) return 0;
      const lang = serverLanguage(user.language);
      const mail = dailyStatusMail(
        lang,
        displayName(user),
        tasks.map((t) => ({
          projectUnitNo: t.project_unit_no,
          title: t.title,
          rootTitle: t.root_title,
          stateKey: t.state_key,
          link: detailsLink(ctx, t.root_project_unit_id, t.project_unit_id),
        })),
        news,
        preferenceFooter(lang, ctx.config, user.user_id, 'digest'),
      );
      await ctx.mailer.enqueue(trx, {
        tenantId: user.tenant_id,
        to: user.email,
        ...mail,
        headers: unsubscribeHeaders(ctx.config, user.user_id, 'digest'),
      });
      return 1;
    });
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
