import { beforeAll, describe, expect, it } from 'vitest';
import { useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';

const t = useFilesApp();

describe('mentions in review topics and comments', () => {
  let w: ProjectWorld;
  let url: string;
  beforeAll(async () => {
    w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    await w.db
      .updateTable('project_units')
      .set({ state_key: 'ReviewPreliminaryDrawings' })
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .execute();
    url = `/api/viewer/${w.root.project_unit_id}/${w.lot.project_unit_id}`;
  });

  const notes = (userId: number) =>
    w.db
      .selectFrom('notifications')
      .select(['type', 'actor_user_id', 'project_unit_id'])
      .where('user_id', '=', userId)
      .where('type', '=', 'mention')
      .execute();
  const mails = (to: string) =>
    w.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('recipient', '=', to).execute();

  it('a mentioned member gets a notification and a mail; the ids are stored with the comment', async () => {
    const created = await w.call('member', 'POST', `${url}/topics`, {
      title: 'Sturz fehlt',
      comment: '@Ina Intern bitte prüfen',
      mentionUserIDs: [w.internalMember.user_id],
    });
    expect(created.statusCode).toBe(200);
    expect(await notes(w.internalMember.user_id)).toEqual([
      { type: 'mention', actor_user_id: w.external.user_id, project_unit_id: w.lot.project_unit_id },
    ]);
    const [mail] = await mails(w.internalMember.email!);
    expect(mail?.subject).toMatch(/hat Sie erwähnt/);
    expect(mail?.text_body).toContain('@Ina Intern bitte prüfen');
    expect(mail?.text_body).toContain(`/home/app/viewer/${w.root.project_unit_id}/${w.lot.project_unit_id}/view`);
    const stored = await w.db
      .selectFrom('review_comments')
      .select('mention_user_ids')
      .where('review_topic_id', '=', created.json().topicID)
      .executeTakeFirstOrThrow();
    expect(stored.mention_user_ids).toEqual([w.internalMember.user_id]);

    // A comment mentioning the planner: the planner hears of it; the writer's own mention notifies nobody.
    const commented = await w.call('member', 'POST', `${url}/topics/${created.json().topicID}/comments`, {
      text: '@Planer und ich',
      mentionUserIDs: [w.planner.user_id, w.external.user_id],
    });
    expect(commented.statusCode).toBe(200);
    expect(await notes(w.planner.user_id)).toHaveLength(1);
    expect(await notes(w.external.user_id)).toEqual([]);
  });

  it('a non-member cannot be mentioned: 400 naming the rule, nothing written', async () => {
    // This unit's topics: other test files write topics of their own at the same time.
    const topicsOfUnit = () =>
      w.db
        .selectFrom('review_topics')
        .select('review_topic_id')
        .where('project_unit_id', '=', w.lot.project_unit_id)
        .execute();
    const before = await topicsOfUnit();
    for (const stranger of [w.outsider.user_id, w.other.internal.user_id, w.internal.user_id, 2147483647]) {
      const res = await w.call('member', 'POST', `${url}/topics`, {
        title: 'Fremd',
        comment: '@Jemand',
        mentionUserIDs: [stranger],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().messages[0].message).toBe('VIEWER.Errors.MentionNotMember');
      expect(await notes(stranger)).toEqual([]);
    }
    expect((await topicsOfUnit()).length).toBe(before.length);
    const tooMany = await w.call('member', 'POST', `${url}/topics`, {
      title: 'Viele',
      mentionUserIDs: Array.from({ length: 21 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    const badId = await w.call('member', 'POST', `${url}/topics`, { title: 'X', mentionUserIDs: ['abc'] });
    expect(badId.statusCode).toBe(400);
  });
});
