import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/schemas/common';
import { createManualClock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { createJobRunner } from '../../platform/jobs/runner';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { addMember, createProject, createUser, createWorld } from '../../test/factories';
import { openTasksForUnit } from './engine';
import { berlinTime, sendDueReminders, workflowJobs } from './jobs';
import { loadDefinition } from './service';

const run = promisify(execFile);

async function projectWithTask(db: Database, opts: { since: Date; language?: Language; dailyMail?: boolean }) {
  const world = await createWorld(db, { Workflow: true });
  const t = world.tenant.tenant_id;
  const processor = await createUser(db, t, {
    language: opts.language ?? 'de',
    daily_status_mail: opts.dailyMail ?? true,
  });
  const coordinator = await createUser(db, t, { is_internal: true, language: 'en', daily_status_mail: false });
  const root = await createProject(db, t, { state_key: 'Structuring', state_since: opts.since });
  await addMember(db, root.project_unit_id, processor.user_id, ['process planner']);
  await addMember(db, root.project_unit_id, coordinator.user_id, ['projectCoordinator']);
  await openTasksForUnit(
    db,
    await loadDefinition(db, t),
    { ...root, root_project_unit_id: root.project_unit_id },
    'Structuring',
    opts.since,
  );
  return { ...world, processor, coordinator, root };
}

const mailsTo = (db: Database, to: string) =>
  db.selectFrom('mail_outbox').selectAll().where('recipient', '=', to).orderBy('mail_id').execute();

describe('scheduled workflow jobs', () => {
  let app: FastifyInstance;
  let db: Database;
  const clock = createManualClock(new Date('2026-12-01T09:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
    db = await getTestDatabase();
  });
  afterAll(() => app.close());

  it('knows the Berlin day and hour across daylight-saving time', () => {
    expect(berlinTime(new Date('2026-11-24T05:00:00Z'))).toEqual({ day: '2026-11-24', hour: 6 });
    expect(berlinTime(new Date('2026-07-01T03:59:00Z'))).toEqual({ day: '2026-07-01', hour: 5 });
    expect(berlinTime(new Date('2026-12-31T23:30:00Z'))).toEqual({ day: '2027-01-01', hour: 0 });
  });

  it('sends one reminder to the holders, then one escalation also to internal members, listed on the workflows page', async () => {
    // Structuring: remind after 3, escalate after 7 working days. Entered Monday 2026-11-16.
    const w = await projectWithTask(db, { since: new Date('2026-11-16T08:00:00Z'), language: 'nl' });
    await sendDueReminders(app.ctx, new Date('2026-11-20T09:00:00Z'));
    let toProcessor = await mailsTo(db, w.processor.email!);
    expect(toProcessor.map((m) => m.subject)).toEqual([expect.stringMatching(/^Herinnering/)]);
    expect(toProcessor[0]?.text_body).toContain(
      `/home/app/project/details/${w.root.project_unit_id}/${w.root.project_unit_id}`,
    );
    expect(await mailsTo(db, w.coordinator.email!)).toEqual([]);
    await sendDueReminders(app.ctx, new Date('2026-11-20T10:00:00Z'));
    expect(await mailsTo(db, w.processor.email!)).toHaveLength(1);

    await sendDueReminders(app.ctx, new Date('2026-11-26T09:00:00Z'));
    toProcessor = await mailsTo(db, w.processor.email!);
    expect(toProcessor.map((m) => m.subject.split(':')[0])).toEqual(['Herinnering', 'Escalatie']);
    expect((await mailsTo(db, w.coordinator.email!)).map((m) => m.subject.split(':')[0])).toEqual(['Escalation']);

    const outsider = await createWorld(db);
    const { call } = await signInActors(app, { internal: w.internal, outsider: outsider.internal });
    const page = await call('internal', 'GET', '/api/data/portal/workflows?$top=5');
    expect(page.json()).toMatchObject({
      count: 2,
      data: [{ ruleKey: 'escalation', projectUnitID: w.root.project_unit_id }, { ruleKey: 'reminder' }],
    });
    expect((await call('internal', 'GET', '/api/data/portal/dashboard/workflowCount')).json()).toEqual({ count: 2 });
    const foreign = await call('outsider', 'GET', '/api/data/portal/workflows');
    expect(foreign.json()).toEqual({ count: 0, data: [] });
  });

  it('sends the daily status mail once per user and day from 06:00 Berlin, also with two runners and after a restart', async () => {
    const w = await projectWithTask(db, { since: new Date('2026-11-24T08:00:00Z'), language: 'en' });
    const optedOut = await createUser(db, w.tenant.tenant_id, { daily_status_mail: false });
    await addMember(db, w.root.project_unit_id, optedOut.user_id, ['process planner']);
    // A deactivated holder gets no mail either.
    const deactivated = await createUser(db, w.tenant.tenant_id, {
      deactivated_at: new Date(),
      daily_status_mail: true,
    });
    await addMember(db, w.root.project_unit_id, deactivated.user_id, ['process planner']);
    await db
      .insertInto('tasks')
      .values({
        tenant_id: w.tenant.tenant_id,
        root_project_unit_id: w.root.project_unit_id,
        project_unit_id: w.root.project_unit_id,
        user_id: deactivated.user_id,
        task_key: 'Structuring',
        state_key: 'Structuring',
      })
      .execute();
    await openTasksForUnit(
      db,
      await loadDefinition(db, w.tenant.tenant_id),
      { ...w.root, root_project_unit_id: w.root.project_unit_id },
      'Structuring',
      new Date(),
    );

    // The database may be reused between runs (PostgreSQL): forget earlier claims of these days.
    await db
      .deleteFrom('job_runs')
      .where('job_name', '=', 'daily-task-status')
      .where('run_key', 'in', ['2026-11-25', '2026-11-26'])
      .execute();
    const early = createManualClock(new Date('2026-11-25T04:59:00Z'));
    const runnerA = createJobRunner({
      db,
      clock: early,
      jobs: workflowJobs(app.ctx).filter((j) => j.name === 'daily-task-status'),
      log: app.log,
    });
    expect(await runnerA.tick()).toEqual([]);
    early.set(new Date('2026-11-25T05:00:00Z'));
    const runnerB = createJobRunner({
      db,
      clock: early,
      jobs: workflowJobs(app.ctx).filter((j) => j.name === 'daily-task-status'),
      log: app.log,
    });
    const [a, b] = await Promise.all([runnerA.tick(), runnerB.tick()]);
    expect([...a, ...b]).toEqual(['daily-task-status:2026-11-25']);
    const mails = await mailsTo(db, w.processor.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Planport: 1 open task');
    expect(mails[0]?.html_body).toContain('/home/app/project/details/');
    expect(await mailsTo(db, optedOut.email!)).toEqual([]);
    expect(await mailsTo(db, deactivated.email!)).toEqual([]);
    // A restart the same day: the run is claimed already; even a forced run sends nothing new.
    expect(await runnerA.tick()).toEqual([]);
    await db
      .deleteFrom('job_runs')
      .where('job_name', '=', 'daily-task-status')
      .where('run_key', '=', '2026-11-25')
      .execute();
    await runnerB.tick();
    expect(await mailsTo(db, w.processor.email!)).toHaveLength(1);
    early.set(new Date('2026-11-26T05:10:00Z'));
    await runnerB.tick();
    expect(await mailsTo(db, w.processor.email!)).toHaveLength(2);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'sends one daily mail per user with two server processes on PostgreSQL',
    async () => {
      const w = await projectWithTask(db, { since: new Date('2026-11-23T08:00:00Z'), language: 'de' });
      const at = '2026-11-24T05:30:00Z';
      await db
        .deleteFrom('job_runs')
        .where('job_name', '=', 'daily-task-status')
        .where('run_key', '=', '2026-11-24')
        .execute();
      const env = {
        ...process.env,
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
      };
      const cli = ['tsx', 'src/server/modules/workflow/jobs-cli.ts', at];
      const outputs = await Promise.all([run('npx', cli, { env }), run('npx', cli, { env })]);
      const ran = outputs.map((o) => JSON.parse(o.stdout.trim().split('\n').pop()!) as string[]);
      expect(ran.flat().filter((r) => r.startsWith('daily-task-status'))).toEqual(['daily-task-status:2026-11-24']);
      const mails = await mailsTo(db, w.processor.email!);
      expect(mails.map((m) => m.subject)).toEqual(['Planport: 1 offene Aufgabe']);
    },
    60_000,
  );
});
