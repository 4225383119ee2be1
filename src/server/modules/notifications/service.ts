import { AppError } from '../../../shared/errors';
import type { ListQueryString } from '../../../shared/schemas/list';
import type { Notification, NotificationPage } from '../../../shared/schemas/notifications';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { fetchList, parseListQuery, type ListResource } from '../../platform/list-query';
import * as repo from './repository';

/** Fields of the notification list that `$filter` and `$orderby` may name. */
export const notificationResource: ListResource = {
  fields: {
    date: { column: 'n.created_at', type: 'date' },
    type: { column: 'n.type', type: 'text' },
    read: { column: 'n.read_at', type: 'date', sortable: false },
  },
  defaultOrder: [{ field: 'date', direction: 'desc' }],
  tieBreaker: 'n.notification_id',
  defaultTop: 20,
  maxTop: 100,
};

/** The signed-in user's notifications, newest first, paged (the list contract). */
export async function listNotifications(
  ctx: ServiceContext,
  user: SessionUser,
  query: ListQueryString,
): Promise<NotificationPage> {
  const list = parseListQuery(notificationResource, { ...query, $count: query.$count ?? 'true' });
  const { data, count } = await fetchList(repo.notificationListBase(ctx.db, user), list);
  return {
    count,
    data: data.map((r): Notification => ({
      notificationID: Number(r.notification_id),
      type: r.type,
      date: new Date(r.created_at).toISOString(),
      read: r.read_at !== null,
      unit:
        r.readable && r.project_unit_id !== null && r.root_project_unit_id !== null
          ? {
              projectUnitID: r.project_unit_id,
              rootProjectUnitID: r.root_project_unit_id,
              projectUnitNo: r.project_unit_no ?? '',
              title: r.title ?? '',
              projectUnitType: r.project_unit_type ?? '',
            }
          : null,
      actor:
        r.actor_user_id === null
          ? null
          : {
              userID: r.actor_user_id,
              name: [r.actor_first_name, r.actor_last_name].filter(Boolean).join(' ') || (r.actor_login ?? ''),
            },
      details: r.data ?? {},
    })),
  };
}

export async function unreadCount(ctx: ServiceContext, user: SessionUser): Promise<{ unread: number }> {
  return { unread: await repo.countUnread(ctx.db, user.userId) };
}

/** Marks one of the user's notifications read (another user's id answers 404). */
export async function markRead(ctx: ServiceContext, user: SessionUser, notificationId: number): Promise<void> {
  if (!(await repo.notificationExists(ctx.db, user.userId, notificationId))) throw new AppError('NotFound');
  await repo.markRead(ctx.db, user.userId, notificationId, ctx.clock.now());
}

export async function markAllRead(ctx: ServiceContext, user: SessionUser): Promise<{ marked: number }> {
  return { marked: await repo.markRead(ctx.db, user.userId, null, ctx.clock.now()) };
}
