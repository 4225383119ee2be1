/**
 * Summary, description and request example of every API operation, keyed `METHOD /route/:pattern`
 * as Fastify registers it. A route may carry its own `summary` and `description` in its schema
 * instead (they win); the document test refuses an operation that has neither. Who may call an
 * operation beyond what its text says (public, session, API token scope) is added from the code
 * (../document.ts), so it cannot go stale. The entries are kept per area in the files of this
 * folder.
 */
import { accountDocs } from './account';
import { adminDocs } from './admin';
import type { OperationDoc } from './common';
import { deliveryDocs } from './delivery';
import { fileDocs } from './files';
import { helpDocs } from './help';
import { machineAccessDocs } from './machine-access';
import { notificationDocs } from './notifications';
import { orderDocs } from './orders';
import { outlookDocs } from './outlook';
import { projectListDocs } from './project-lists';
import { projectDocs } from './projects';
import { questionnaireDocs } from './questionnaire';
import { structureDocs } from './structure';
import { viewerDocs } from './viewer';
import { workflowDocs } from './workflow';

export type { OperationDoc };

/** The areas' entries in one map; an operation described in two areas is a mistake, refused at start. */
function merged(...areas: Record<string, OperationDoc>[]): Record<string, OperationDoc> {
  const all: Record<string, OperationDoc> = {};
  for (const area of areas) {
    for (const [key, doc] of Object.entries(area)) {
      if (key in all) throw new Error(`OpenAPI: ${key} is described twice`);
      all[key] = doc;
    }
  }
  return all;
}

export const operationDocs: Record<string, OperationDoc> = merged(
  accountDocs,
  workflowDocs,
  notificationDocs,
  deliveryDocs,
  questionnaireDocs,
  projectListDocs,
  outlookDocs,
  helpDocs,
  orderDocs,
  projectDocs,
  structureDocs,
  fileDocs,
  viewerDocs,
  adminDocs,
  machineAccessDocs,
);
