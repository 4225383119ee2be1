import { list, type OperationDoc, own } from './common';

/** Tasks, the project journal, notifications and the live update stream. */

export const notificationDocs: Record<string, OperationDoc> = {
  // tasks, journal, notifications, live
  'GET /api/tasks': {
    summary: 'List open tasks',
    description: `The signed-in user's open tasks, optionally of one unit (\`projectUnitID\`). ${list}`,
  },
  'GET /api/tasks/:id': {
    summary: 'Read a task',
    description: 'One task of the signed-in user with its unit and due date.',
  },
  'GET /api/data/:product/project-unit-journal/:rootUnitId': {
    summary: 'Project journal',
    description: `Every change in the project, newest first: who, when, what. ${list} Members who may read the journal.`,
  },
  'GET /api/notifications': {
    summary: 'List notifications',
    description: `The signed-in user's notifications, newest first. ${list}`,
  },
  'GET /api/notifications/unread-count': {
    summary: 'Count unread notifications',
    description: own,
  },
  'POST /api/notifications/:id/read': {
    summary: 'Mark a notification read',
    description: own,
  },
  'POST /api/notifications/read-all': {
    summary: 'Mark all notifications read',
    description: own,
  },
  'GET /api/events/stream': {
    summary: 'Live updates',
    description:
      'Server-Sent Events (`text/event-stream`) of changes the signed-in user may see, so open pages refresh. One stream per tab.',
  },
};
