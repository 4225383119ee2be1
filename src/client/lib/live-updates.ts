import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys, queryPrefixes } from './query-keys';

/**
 * Live pages: one EventSource per tab on /api/events/stream. Each event names its type and the ids
 * it concerns; the tab marks exactly the queries it touches as stale (the visible ones refetch
 * through the normal API, so the access rules stay on the server). The browser reconnects by
 * itself with the last event id; the server replays what was missed.
 */

export type LiveMessage = {
  type: string;
  unit: number | null;
  root: number | null;
  subject: { kind: string; id: string };
  actor: number | null;
};

type Match = QueryKey | ((key: QueryKey) => boolean);

const STREAM_URL = '/api/events/stream';
/** After a refused stream (429, or the server away), a new try after this long. */
const RETRY_CLOSED_MS = 30_000;

/** The query keys an event touches: unit, tasks, files, topics, delivery, orders, counters and the bell. */
export function keysFor(msg: LiveMessage): Match[] {
  const { unit, root } = msg;
  // Every event may change the counters of the dashboard and the bell.
  const keys: Match[] = [queryPrefixes.dashboard, queryPrefixes.notifications];
  const unitKeys = (id: number | null): Match[] =>
    id === null
      ? []
      : [
          queryKeys.projects.unit(id),
          queryKeys.projects.path(id),
          queryKeys.projects.workflowActions(id),
          queryKeys.viewer.unit(id),
          queryKeys.viewer.actions(id),
          queryKeys.tasks.ofUnit(id),
        ];
  const rootKeys = (...keysOf: ((rootId: number) => QueryKey)[]): Match[] =>
    root === null ? [] : keysOf.map((keyOf) => keyOf(root));
  const unitOfRootKeys = (...keysOf: ((rootId: number, unitId: number) => QueryKey)[]): Match[] =>
    root === null || unit === null ? [] : keysOf.map((keyOf) => keyOf(root, unit));
  // An order lot's queries (the lot, its rows, its products) end with the lot's id.
  const orderLot: Match = (key) => key[0] === queryPrefixes.orders[0] && key.at(-1) === unit;
  switch (msg.type) {
    case 'project.created':
      keys.push(queryPrefixes['project-lists'], queryKeys.projects.childLists(), queryPrefixes.search);
      break;
    case 'unit.state.changed':
      keys.push(
        ...unitKeys(unit),
        queryPrefixes.tasks,
        queryPrefixes['project-lists'],
        queryKeys.projects.childLists(),
        ...rootKeys(queryKeys.journal.ofProject, queryKeys.delivery.lotLists, queryKeys.delivery.info),
        orderLot,
      );
      break;
    case 'task.assigned':
      keys.push(queryPrefixes.tasks, ...unitKeys(unit), ...rootKeys(queryKeys.journal.ofProject));
      break;
    case 'file.version.added':
    case 'file.conversion.changed':
      keys.push(
        ...unitOfRootKeys(queryKeys.files.unit, queryKeys.viewer.files),
        ...rootKeys(
          queryKeys.files.tree,
          queryKeys.delivery.info,
          queryKeys.structure.ifcFiles,
          queryKeys.journal.ofProject,
        ),
        ...unitKeys(unit),
      );
      break;
    case 'review.decided':
      keys.push(
        ...unitKeys(unit),
        ...unitOfRootKeys(queryKeys.viewer.topics, queryKeys.viewer.files, queryKeys.files.unit),
        queryPrefixes.tasks,
        ...rootKeys(queryKeys.journal.ofProject),
      );
      break;
    case 'review.topic.created':
    case 'review.comment.created':
      keys.push(...unitOfRootKeys(queryKeys.viewer.topics));
      break;
    case 'order.placed':
    case 'order.confirmed':
      keys.push(
        ...unitKeys(unit),
        orderLot,
        queryPrefixes.tasks,
        ...rootKeys(queryKeys.journal.ofProject),
        queryKeys.projects.childLists(),
      );
      break;
    case 'delivery.lot.changed':
    case 'delivery.confirmed':
      keys.push(
        ...unitKeys(unit),
        ...rootKeys(queryKeys.delivery.lotLists, queryKeys.delivery.info),
        queryKeys.projects.childLists(),
        ...rootKeys(queryKeys.journal.ofProject),
        queryPrefixes.outlook,
      );
      break;
    case 'member.added':
      keys.push(
        ...rootKeys(
          queryKeys.projects.members,
          queryKeys.viewer.members,
          queryKeys.projects.memberProfiles,
          queryKeys.journal.ofProject,
        ),
        queryPrefixes['project-lists'],
      );
      break;
    default:
      break;
  }
  return keys;
}

/** Marks the queries an event touches as stale; the ones on screen refetch at once. */
export function applyLiveMessage(client: QueryClient, msg: LiveMessage): void {
  for (const match of keysFor(msg)) {
    if (typeof match === 'function') {
      void client.invalidateQueries({ predicate: (q: Query) => match(q.queryKey) });
    } else {
      void client.invalidateQueries({ queryKey: match as QueryKey });
    }
  }
}

type Listener = (msg: LiveMessage) => void;
const listeners = new Set<Listener>();

/** Hears every live event of this tab (forms being edited use it to tell of others' changes). */
export function onLiveMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type LiveConnection = { close(): void };

/**
 * Opens the tab's one stream. `onSignedOut` runs when the server ends it because the session
 * ended; a refused or lost stream is opened again after a pause (the browser retries itself while
 * the server is merely unreachable).
 */
export function connectLiveUpdates(client: QueryClient, onSignedOut: () => void): LiveConnection {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let lastEventId: string | null = null;

  const open = () => {
    if (closed) return;
    // A new EventSource (after a refusal) carries the last id in the query; the browser's own
    // reconnects send it as Last-Event-ID.
    source = new EventSource(lastEventId ? `${STREAM_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : STREAM_URL);
    source.addEventListener('change', (e) => {
      const event = e as MessageEvent<string>;
      if (event.lastEventId) lastEventId = event.lastEventId;
      let msg: LiveMessage;
      try {
        msg = JSON.parse(event.data) as LiveMessage;
      } catch {
        return;
      }
      applyLiveMessage(client, msg);
      for (const listener of listeners) listener(msg);
    });
    source.addEventListener('ready', (e) => {
      const event = e as MessageEvent<string>;
      if (event.lastEventId) lastEventId = event.lastEventId;
    });
    // Too much was missed while away: everything on screen is read again.
    source.addEventListener('reset', () => void client.invalidateQueries());
    source.addEventListener('signedout', () => {
      close();
      onSignedOut();
    });
    source.onerror = () => {
      if (source?.readyState !== EventSource.CLOSED || closed) return;
      retry = setTimeout(open, RETRY_CLOSED_MS);
    };
  };
  const close = () => {
    closed = true;
    if (retry) clearTimeout(retry);
    source?.close();
    source = null;
  };
  open();
  return { close };
}
