import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { scopeOfRoute } from '../auth/api-token';
import { operationDocs } from './operations';
import { uploadPaths } from './uploads';

/**
 * The OpenAPI document (@fastify/swagger): the zod schemas of the routes, each operation's
 * summary, description and request example (./operations/ or the route's own schema), who may
 * call it — taken from the code: public routes, the API token scopes of auth/api-token.ts — the
 * meaning of each error status, the tags, and the resumable upload endpoint (./uploads.ts).
 */

export const apiTags: { name: string; description: string }[] = [
  { name: 'account', description: 'Sign-in, sign-out, password reset, invitations, own sessions, account deletion.' },
  { name: 'profile', description: "The signed-in user's profile, settings, password, language and picture." },
  { name: 'project lists', description: 'Current and closed projects the caller sees.' },
  {
    name: 'projects',
    description:
      'Project units (project, sub-project, approval lot, order lot, folder), members, site address and contact, materials, product types.',
  },
  {
    name: 'structure',
    description: 'Planning the sub-projects and approval lots of a project, also from an IFC model.',
  },
  {
    name: 'workflow',
    description: 'States of project units, their transitions and the workflows waiting for the user.',
  },
  { name: 'orders', description: 'AAC and lintel order items, order confirmations and the product catalogues.' },
  {
    name: 'delivery',
    description: 'Delivery data, delivery lots and their confirmation, the model tree for planning.',
  },
  { name: 'files', description: 'Project files: tree, download, zip, delete, resumable upload (tus), file policy.' },
  {
    name: 'viewer',
    description: 'Drawing and model review: converted models, comparisons, topics, BCF, the decision.',
  },
  { name: 'questionnaire', description: "The project information sheet and the supplier's delivery schedule." },
  { name: 'journal', description: 'The change journal of a project.' },
  { name: 'tasks', description: "The signed-in user's tasks." },
  { name: 'notifications', description: "The signed-in user's notifications." },
  { name: 'events', description: 'Live updates for open pages (Server-Sent Events).' },
  { name: 'calendar', description: 'Delivery dates as an iCalendar feed.' },
  { name: 'search', description: 'Search over project units.' },
  { name: 'dashboard', description: 'Counters of the dashboard and the new-project request.' },
  { name: 'outlook', description: "The manufacturer's outlook: volumes per plant and week against capacity, exports." },
  { name: 'help', description: 'The help page.' },
  {
    name: 'admin',
    description:
      'Tenant administration: users, banners, plants, lead days, mail outbox, company sign-in. Tenant admins only.',
  },
  { name: 'api-tokens', description: 'API tokens for machines (`Authorization: Bearer pp_…`). Tenant admins only.' },
  {
    name: 'webhooks',
    description:
      'Webhook endpoints and their deliveries. Events are signed after the Standard Webhooks convention (`webhook-id`, `webhook-timestamp`, `webhook-signature`).',
  },
  { name: 'health', description: 'Probes for containers and load balancers.' },
  { name: 'legal', description: 'Operator details for the imprint.' },
];

const infoDescription = [
  "The API of the Planport portal. Every path under `/api/data/{product}` takes the deployment's data-area key as `product` (default `portal`).",
  '',
  '**Authentication.** Browser pages use the session cookie of `POST /api/account/login`; every state-changing call with a session also needs the header `X-Requested-With: XMLHttpRequest`. Machines use an API token (`Authorization: Bearer pp_…`, created on the admin page *API tokens*): it may call only the operations that name its scope below, acts as a technical user of its tenant, needs no CSRF header and is rate-limited per token.',
  '',
  '**Errors** have one shape: `{ status, code, messages: [{ messageType, message, reference, params }] }`; `message` is a translation key. A refused request changes nothing.',
  '',
  '**Lists** take `$top`, `$skip`, `$orderby`, `$filter` (an OData subset) and `$count`.',
].join('\n');

/** What each error status means, on every operation that can answer it. */
const statusDescriptions: Record<string, string> = {
  200: 'OK.',
  204: 'Done; no content.',
  400: 'Invalid input: a parameter or body field breaks its rule (`ValidationFailed` and kin). Nothing was changed.',
  401: 'No valid session or API token (`Unauthenticated`).',
  403: 'Not allowed for this user or token, or a session call without `X-Requested-With: XMLHttpRequest` (`NotAllowed`, `CsrfHeaderMissing`).',
  404: 'Not found, or not visible to the caller (`NotFound`).',
  409: 'Conflict: a stale `version` (the stored record is in `current`), a duplicate, or a state that no longer allows the call (`Conflict`, `DuplicateElement`, `StateChanged`).',
  413: 'The request body is too large (`PayloadTooLarge`).',
  415: 'The content type is not accepted (`UnsupportedMediaType`).',
  422: 'A workflow guard or business rule refuses the change; the message names it (`WorkflowGuardFailed`, `Unprocessable`).',
  429: 'Too many requests; `Retry-After` says when to try again (`TooManyAttempts`).',
  503: 'Not ready.',
};

/** Who may call an operation, from the code: public routes and the scopes of API tokens. */
export function accessOf(method: string, url: string, isPublic: boolean): string {
  if (isPublic) return 'Public: no session needed.';
  const scope = scopeOfRoute(method, url);
  if (scope) return `A session, or an API token with the scope \`${scope}\`.`;
  return 'A session only; API tokens are refused (403).';
}

type Transform = NonNullable<Extract<SwaggerOptions, { mode?: 'dynamic' }>['transform']>;
type TransformObject = NonNullable<Extract<SwaggerOptions, { mode?: 'dynamic' }>['transformObject']>;
type OperationSchema = {
  hide?: boolean;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  body?: { examples?: unknown[] };
  response?: Record<string, { description?: string }>;
};

const transform: Transform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = out.schema as OperationSchema;
  if (schema.hide) return out;
  const method = [input.route.method].flat()[0] ?? 'GET';
  const doc = operationDocs[`${method} ${input.url}`];
  const isPublic = Boolean((input.route.config as { public?: boolean } | undefined)?.public);
  schema.summary ??= doc?.summary;
  const description = schema.description ?? doc?.description;
  if (description) schema.description = `${description}\n\n**Access:** ${accessOf(method, input.url, isPublic)}`;
  if (doc?.example !== undefined && schema.body) schema.body.examples = [doc.example];
  schema.security = isPublic
    ? []
    : scopeOfRoute(method, input.url)
      ? [{ session: [] }, { apiToken: [] }]
      : [{ session: [] }];
  for (const [status, response] of Object.entries(schema.response ?? {})) {
    const meaning = statusDescriptions[status];
    if (meaning && !response.description) response.description = meaning;
  }
  return out;
};

/** The named zod schemas (a recursive one: the file tree) as components, and the upload endpoint. */
const transformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input as Parameters<typeof jsonSchemaTransformObject>[0]);
  return { ...document, paths: { ...document.paths, ...uploadPaths } } as ReturnType<TransformObject>;
};

/** The options of @fastify/swagger for the app. */
export const swaggerOptions: SwaggerOptions = {
  openapi: {
    info: { title: 'Planport API', version: '1.0.0', description: infoDescription },
    tags: apiTags,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'planport_session',
          description: 'The session cookie of a sign-in (`__Host-planport_session` over https).',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API token `pp_…` of the admin page *API tokens*.',
        },
      },
    },
  },
  transform,
  transformObject,
};
