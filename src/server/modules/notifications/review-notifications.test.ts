import { describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { addMember, createUser } from '../../test/factories';
import { pdfBytes, uploadFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld } from '../projects/test-world';
import { openTasksForNewUnit } from '../workflow/engine';

const t = useFilesApp();

describe('notifications of the drawing review', () => {
  it('a new version reaches the reviewers; the decision reaches who uploaded the drawing; never the actor or strangers', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const drafter = await createUser(w.db, w.tenant.tenant_id, { is_internal: false, first_name: 'Dora' });
    await addMember(w.db, w.root.project_unit_id, drafter.user_id, ['drafter']);
    await w.db
      .updateTable('project_units')
      .set({ state_key: 'ReviewPreliminaryDrawings', state_since: new Date(Date.now() - 60_000) })
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .execute();
    await openTasksForNewUnit(w.db, w.lot.project_unit_id, new Date());
    const d = await signInActors(t.app, { drafter });
    // What the set-up itself caused (the reviewer's review task) is not part of what is checked.
    const start = await w.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('notification_id').as('max'))
      .executeTakeFirstOrThrow();
    const kinds = async (userId: number) =>
      (
        await w.db
          .selectFrom('notifications')
          .select(['type', 'data'])
          .where('user_id', '=', userId)
          .where('project_unit_id', '=', w.lot.project_unit_id)
          .where('notification_id', '>', Number(start.max ?? 0))
          .orderBy('notification_id')
          .execute()
      ).map((n) => `${n.type}${n.data.decision ? `:${n.data.decision}` : ''}`);

    // The drafter uploads: the reviewer (role reviewer on the project) hears of the new version.
    expect((await uploadFile(d.call, 'drafter', w.lot.project_unit_id, 'Werkplan.pdf', pdfBytes('a'))).statusCode).toBe(
      204,
    );
    expect(await kinds(w.external.user_id)).toEqual(['file.version.added']);
    expect(await kinds(drafter.user_id)).toEqual([]);

    // The reviewer raises a finding and requests a revision: the uploader hears of the decision and
    // gets the revision task; the reviewer, who acted, hears nothing of it.
    await w.call('member', 'POST', `/api/viewer/${w.root.project_unit_id}/${w.lot.project_unit_id}/topics`, {
      title: 'Attika prüfen',
    });
    const decided = await w.call(
      'member',
      'POST',
      `/api/viewer/${w.root.project_unit_id}/${w.lot.project_unit_id}/decision`,
      { decision: 'request-revision', stateKey: 'ReviewPreliminaryDrawings' },
    );
    expect(decided.statusCode).toBe(200);
    expect((await kinds(drafter.user_id)).sort()).toEqual(['review.decided:request-revision', 'task.assigned']);
    // By mail the drafter gets one message of it: the revision request with the open topics, not
    // also the generic "task assigned" and "review decided" mails of the same change.
    const mails = await w.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', drafter.email!)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('Attika prüfen');
    expect(await kinds(w.external.user_id)).toEqual(['file.version.added']);
    for (const stranger of [w.outsider.user_id, w.other.internal.user_id, w.other.admin.user_id]) {
      expect(await kinds(stranger)).toEqual([]);
    }

    // The journal and the event agree: one state change event, written with the change.
    const events = await w.db
      .selectFrom('events')
      .select(['type', 'actor_user_id'])
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .where('type', 'in', ['unit.state.changed', 'review.decided'])
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual(['review.decided', 'unit.state.changed']);
    expect(events.every((e) => e.actor_user_id === w.external.user_id)).toBe(true);
  });
});
