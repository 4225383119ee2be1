import { isNotificationType, type NotificationType } from '../../../shared/schemas/notifications';
import type { Database } from '../../platform/db/database';
import type { EventWriter, PlatformEvent } from '../../platform/events';
import * as repo from './repository';

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];
const id = (value: unknown): number[] => (Number.isSafeInteger(value) ? [value as number] : []);

/** Who an event concerns, before the access filter (DESIGN.md §7; issue 37's list). */
async function concerned(trx: Database, event: RecipientEvent, rootId: number): Promise<number[]> {
  const d = event.data;
  switch (event.type as NotificationType) {
    case 'task.assigned':
      // The holders: the users named, or the members holding the role the task is for.
      return ids(d.userIds);
    case 'unit.state.changed':
      return ids(d.previousHolderIds);
    case 'file.version.added':
      return repo.memberIds(trx, rootId, 'reviewer');
    case 'review.decided':
      return event.projectUnitId === null ? [] : repo.uploaderIds(trx, event.projectUnitId);
    case 'order.placed':
    case 'delivery.lot.changed':
    case 'delivery.confirmed':
      return repo.memberIds(trx, rootId);
    case 'order.confirmed':
      return id(d.placedBy);
    case 'member.added':
    case 'mention':
      return id(d.userId);
    default:
      return [];
  }
}

/** The parts of an event its recipients follow from. */
export type RecipientEvent = Pick<
  PlatformEvent,
  'type' | 'rootProjectUnitId' | 'projectUnitId' | 'actorUserId' | 'data'
>;

/**
 * The recipients of an event's notifications and mails (one rule for both): the users it concerns
 * who may read the unit at this moment, never the one who made the change. Run it in the
 * transaction of the change.
 */
export async function recipientsOf(trx: Database, event: RecipientEvent): Promise<number[]> {
  if (!isNotificationType(event.type)) return [];
  const rootId = event.rootProjectUnitId;
  if (rootId === null) return [];
  const candidates = [...new Set(await concerned(trx, event, rootId))].filter((u) => u !== event.actorUserId);
  return repo.readersOfRoot(trx, rootId, candidates);
}

/** The facts a notification keeps of its event (ids, keys and numbers only). */
function details(event: PlatformEvent): Record<string, unknown> {
  const d = event.data;
  const out: Record<string, unknown> = {};
  for (const key of ['newState', 'taskKey', 'decision', 'change', 'versionNo'] as const) {
    if (d[key] !== undefined) out[key] = d[key];
  }
  return out;
}

/**
 * Writes the notifications of an event in its transaction: to the users it concerns who may read
 * the unit at that moment, never to the one who made the change.
 */
export const writeNotifications: EventWriter = async (trx, event) => {
  const { type, rootProjectUnitId: rootId } = event;
  if (rootId === null || !isNotificationType(type)) return;
  const readers = await recipientsOf(trx, event);
  await repo.insertNotifications(
    trx,
    readers.map((userId) => ({
      tenant_id: event.tenantId,
      user_id: userId,
      event_id: event.eventId,
      type,
      root_project_unit_id: rootId,
      project_unit_id: event.projectUnitId,
      actor_user_id: event.actorUserId,
      data: JSON.stringify(details(event)),
      created_at: event.createdAt,
    })),
  );
};
