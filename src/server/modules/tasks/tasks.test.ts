import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { addMember, createChildUnit, createProject, createUser, createWorld } from '../../test/factories';

describe('tasks', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("lists the user's open tasks newest first with paging and the total, and one task by id", async () => {
    const db = await getTestDatabase();
    const w = await createWorld(db);
    const t = w.tenant.tenant_id;
    const root = await createProject(db, t, { title: 'Wohnpark', state_key: 'ProvideFiles' });
    const sub = await createChildUnit(db, root, { title: 'Haus 1', state_key: 'ProvideFiles' });
    const lots = [];
    for (let i = 0; i < 3; i++)
      lots.push(
        await createChildUnit(db, sub, {
          project_unit_type: 'approvallot',
          title: `Los ${i}`,
          state_key: 'ProvideFiles',
        }),
      );
    await addMember(db, root.project_unit_id, w.external.user_id, ['reviewer']);
    for (const [i, lot] of lots.entries()) {
      await db
        .insertInto('tasks')
        .values({
          tenant_id: t,
          root_project_unit_id: root.project_unit_id,
          project_unit_id: lot.project_unit_id,
          user_id: w.external.user_id,
          task_key: 'ProvideFiles',
          state_key: 'ProvideFiles',
          created_at: new Date(Date.UTC(2026, 10, 10 + i)),
        })
        .execute();
    }
    // A closed task is not listed.
    await db
      .insertInto('tasks')
      .values({
        tenant_id: t,
        root_project_unit_id: root.project_unit_id,
        project_unit_id: sub.project_unit_id,
        user_id: w.external.user_id,
        task_key: 'Structuring',
        state_key: 'Structuring',
        closed_at: new Date(),
      })
      .execute();
    const someoneElse = await createUser(db, t);
    const { call } = await signInActors(app, { external: w.external, someoneElse });
    const res = await call('external', 'GET', '/api/tasks?$top=2&$skip=0');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const tasks = res.json();
    expect(tasks.map((x: { unitTitle: string }) => x.unitTitle)).toEqual(['Los 2', 'Los 1']);
    expect(tasks[0]).toMatchObject({
      projectUnitNo: lots[2]?.project_unit_no,
      rootUnitTitle: 'Wohnpark',
      parentUnitTitle: 'Haus 1',
      stateKey: 'ProvideFiles',
      taskKey: 'ProvideFiles',
      rootProjectUnitID: root.project_unit_id,
      tenantID: t,
    });
    const page2 = await call('external', 'GET', '/api/tasks?$top=2&$skip=2');
    expect(page2.json().map((x: { unitTitle: string }) => x.unitTitle)).toEqual(['Los 0']);
    const byUnit = await call('external', 'GET', `/api/tasks?projectUnitID=${lots[0]?.project_unit_id}`);
    expect(byUnit.json()).toHaveLength(1);

    // The query is the list contract's: $orderby and $filter on the task's fields, 400 naming what is wrong.
    const oldestFirst = await call('external', 'GET', '/api/tasks?$orderby=changedOn asc&$top=2');
    expect(oldestFirst.json().map((x: { unitTitle: string }) => x.unitTitle)).toEqual(['Los 0', 'Los 1']);
    expect(oldestFirst.headers['x-total-count']).toBe('3');
    const filtered = await call(
      'external',
      'GET',
      `/api/tasks?$filter=${encodeURIComponent(`projectUnitID eq ${lots[1]?.project_unit_id}`)}`,
    );
    expect(filtered.json().map((x: { unitTitle: string }) => x.unitTitle)).toEqual(['Los 1']);
    expect(filtered.headers['x-total-count']).toBe('1');
    const unknownField = await call('external', 'GET', `/api/tasks?$filter=${encodeURIComponent("title eq 'x'")}`);
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().messages).toEqual([expect.objectContaining({ reference: '$filter' })]);
    for (const bad of ['$top=101', '$top=-1', '$skip=x', '$orderby=unitTitle desc']) {
      const res = await call('external', 'GET', `/api/tasks?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }

    const one = await call('external', 'GET', `/api/tasks/${tasks[0].taskID}`);
    expect(one.json()).toMatchObject({ taskID: tasks[0].taskID, unitTitle: 'Los 2' });
    const foreign = await call('someoneElse', 'GET', `/api/tasks/${tasks[0].taskID}`);
    expect(foreign.statusCode).toBe(404);
  });
});
