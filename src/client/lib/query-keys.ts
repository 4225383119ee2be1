import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CatalogueKind } from '../../shared/schemas/orders';
import type { ProjectListKind } from '../../shared/schemas/project-list';

/**
 * The first element of every query key: a feature's keys start with its prefix (`['projects', …]`,
 * `['orders', 'lot', id]`), so a change refreshes the prefixes it touches instead of naming keys
 * of other features.
 */
export const queryPrefixes = {
  projects: ['projects'],
  tasks: ['tasks'],
  dashboard: ['dashboard'],
  journal: ['journal'],
  orders: ['orders'],
  delivery: ['delivery'],
  viewer: ['viewer'],
  structure: ['structure'],
  questionnaire: ['questionnaire'],
  files: ['files'],
  notifications: ['notifications'],
  workflow: ['workflow'],
  'project-lists': ['project-lists'],
  search: ['search'],
  outlook: ['outlook'],
  profile: ['profile'],
  account: ['account'],
  admin: ['admin'],
  'banner-notifications': ['banner-notifications'],
  'calendar-feed': ['calendar-feed'],
  salesorganisations: ['salesorganisations'],
  legal: ['legal'],
} as const;

type Prefix = keyof typeof queryPrefixes;

/** Each group's factories answer keys that start with the group's prefix (checked by the compiler). */
type KeyFactories = {
  [P in Prefix]: Record<string, (...args: never[]) => readonly [(typeof queryPrefixes)[P][0], ...unknown[]]>;
};

/**
 * Every query key of the client, by prefix. A key that ends where another begins (`lotLists` and
 * `lots`) is the prefix a change refreshes all of its pages and filters by.
 */
export const queryKeys = {
  projects: {
    unit: (id: number) => ['projects', 'unit', id] as const,
    path: (id: number) => ['projects', 'path', id] as const,
    childLists: () => ['projects', 'children'] as const,
    children: (id: number, page: number) => ['projects', 'children', id, page] as const,
    members: (rootId: number) => ['projects', 'members', rootId] as const,
    memberProfiles: (rootId: number) => ['projects', 'member', rootId] as const,
    member: (rootId: number, userId: number) => ['projects', 'member', rootId, userId] as const,
    features: (rootId: number) => ['projects', 'features', rootId] as const,
    /** Per interface language: the server answers the text in the user's language. */
    tenantInfo: (rootId: number, language: string) => ['projects', 'tenant-info', rootId, language] as const,
    materials: (id: number) => ['projects', 'materials', id] as const,
    lotContext: (parentId: number, excludeId?: number) =>
      ['projects', 'lot-context', parentId, excludeId ?? 0] as const,
    address: (id: number) => ['projects', 'address', id] as const,
    contact: (id: number) => ['projects', 'contact', id] as const,
    workflowActions: (unitId: number) => ['projects', 'workflow-actions', unitId] as const,
    deliveryData: (rootId: number) => ['projects', 'delivery-data', rootId] as const,
    productTypes: (unitId: number) => ['projects', 'product-types', unitId] as const,
    creationContext: () => ['projects', 'creation-context'] as const,
    memberCandidates: (path: string, search: string) => ['projects', 'member-candidates', path, search] as const,
    memberCandidate: (path: string, userId: number) => ['projects', 'member-candidates', path, { userId }] as const,
  },
  tasks: {
    ofUnit: (unitId: number) => ['tasks', 'unit', unitId] as const,
    list: (page: number, pageSize: number) => ['tasks', 'list', page, pageSize] as const,
    one: (id: number) => ['tasks', 'one', id] as const,
  },
  dashboard: {
    count: (counter: string) => ['dashboard', counter] as const,
    divergingDeliveries: () => ['dashboard', 'diverging-deliveries'] as const,
  },
  journal: {
    ofProject: (rootId: number) => ['journal', rootId] as const,
    page: (rootId: number, page: number, pageSize: number, filter: object) =>
      ['journal', rootId, page, pageSize, filter] as const,
  },
  orders: {
    lot: (unitId: number) => ['orders', 'lot', unitId] as const,
    /** An order lot's rows, by the items resource of its material (`aacorderlotitems`, …). */
    items: (itemsPath: string, unitId: number) => ['orders', itemsPath, unitId] as const,
    /** The products offered for a lot come from the catalogues: an import refreshes them all. */
    productLists: () => ['orders', 'products'] as const,
    products: (productsPath: string, unitId: number) => ['orders', 'products', productsPath, unitId] as const,
    catalogue: (kind: CatalogueKind) => ['orders', 'catalogue', kind] as const,
    confirmation: (unitId: number) => ['orders', 'confirmation', unitId] as const,
  },
  delivery: {
    lotLists: (rootId: number) => ['delivery', 'lots', rootId] as const,
    lots: (rootId: number, page: number, pageSize: number, fromDay: string | null) =>
      ['delivery', 'lots', rootId, page, pageSize, fromDay] as const,
    info: (rootId: number) => ['delivery', 'info', rootId] as const,
    tree: (unitId: number) => ['delivery', 'model-tree', unitId] as const,
  },
  viewer: {
    units: () => ['viewer', 'units'] as const,
    unit: (unitId: number) => ['viewer', 'unit', unitId] as const,
    files: (rootId: number, unitId: number) => ['viewer', 'files', rootId, unitId] as const,
    topics: (rootId: number, unitId: number) => ['viewer', 'topics', rootId, unitId] as const,
    members: (rootId: number) => ['viewer', 'members', rootId] as const,
    actions: (unitId: number) => ['viewer', 'actions', unitId] as const,
    signOffs: (rootId: number, unitId: number) => ['viewer', 'sign-offs', rootId, unitId] as const,
    compare: (rootId: number, unitId: number, fileId: number, version: number, against: number | null) =>
      ['viewer', 'compare', rootId, unitId, fileId, version, against] as const,
    /** A PDF file version's calibrated pages; without a sheet, the key of a query that stays idle. */
    calibrations: (sheet: { rootId: number; unitId: number; fileId: number; version: number } | null) =>
      sheet
        ? (['viewer', 'calibrations', sheet.rootId, sheet.unitId, sheet.fileId, sheet.version] as const)
        : (['viewer', 'calibrations', 'none'] as const),
  },
  structure: {
    draft: (rootId: number) => ['structure', 'draft', rootId] as const,
    ifcFiles: (rootId: number) => ['structure', 'ifc-files', rootId] as const,
    modelChanges: (rootId: number) => ['structure', 'model-changes', rootId] as const,
  },
  questionnaire: {
    sheet: (rootId: number) => ['questionnaire', rootId] as const,
    schedule: (rootId: number) => ['questionnaire', 'schedule', rootId] as const,
  },
  files: {
    unit: (rootId: number, unitId: number) => ['files', 'unit', rootId, unitId] as const,
    tree: (rootId: number) => ['files', 'tree', rootId] as const,
  },
  notifications: {
    unread: () => ['notifications', 'unread'] as const,
    list: (page: number, pageSize: number) => ['notifications', 'list', page, pageSize] as const,
  },
  workflow: {
    workflows: (page: number, pageSize: number) => ['workflow', 'workflows', page, pageSize] as const,
    notifications: (page: number, pageSize: number) => ['workflow', 'notifications', page, pageSize] as const,
  },
  'project-lists': {
    list: (kind: ProjectListKind, page: number, pageSize: number) =>
      ['project-lists', kind, { page, pageSize }] as const,
  },
  /** The search page and the quick search read the same index: a change refreshes both. */
  search: {
    units: (term: string, page: number, pageSize: number) => ['search', 'units', term, page, pageSize] as const,
    quick: (term: string) => ['search', 'quick', term] as const,
  },
  outlook: {
    volumes: (filter: object) => ['outlook', 'volumes', filter] as const,
    figures: (filter: object) => ['outlook', 'figures', filter] as const,
    entries: (filter: object, column: object | null) => ['outlook', 'entries', filter, column] as const,
    options: () => ['outlook', 'options'] as const,
    capacities: () => ['outlook', 'capacities'] as const,
  },
  profile: {
    /** The prefix itself: a change of the profile reads the mail preferences again too. */
    data: () => ['profile'] as const,
    mailPreferences: () => ['profile', 'mail-preferences'] as const,
  },
  account: {
    me: () => ['account', 'me'] as const,
    oidcProviders: () => ['account', 'oidc-providers'] as const,
    sessions: () => ['account', 'sessions'] as const,
    invitation: (token: string) => ['account', 'invitation', token] as const,
  },
  admin: {
    bannerLists: () => ['admin', 'banners'] as const,
    banners: (page: number, pageSize: number) => ['admin', 'banners', page, pageSize] as const,
    branding: () => ['admin', 'branding'] as const,
    companySignIn: () => ['admin', 'company-sign-in'] as const,
    filePolicy: () => ['admin', 'file-policy'] as const,
    storageUsage: () => ['admin', 'file-policy', 'usage'] as const,
    userLists: () => ['admin', 'users'] as const,
    users: (filters: object, page: number, pageSize: number) => ['admin', 'users', filters, page, pageSize] as const,
    preliminaryDays: () => ['admin', 'preliminary-days'] as const,
    salesOrgs: () => ['admin', 'sales-orgs'] as const,
    outboxLists: () => ['admin', 'outbox'] as const,
    outbox: (filters: object, page: number, pageSize: number) => ['admin', 'outbox', filters, page, pageSize] as const,
    apiTokens: () => ['admin', 'api-tokens'] as const,
    webhookEndpoints: () => ['admin', 'webhook-endpoints'] as const,
    webhookDeliveries: (endpointId: number) => ['admin', 'webhook-endpoints', endpointId, 'deliveries'] as const,
  },
  'banner-notifications': {
    active: (rootUnitId: number | null) => ['banner-notifications', 'active', rootUnitId] as const,
  },
  'calendar-feed': {
    status: () => ['calendar-feed'] as const,
  },
  salesorganisations: {
    list: () => ['salesorganisations'] as const,
  },
  legal: {
    operator: () => ['legal', 'operator'] as const,
  },
} satisfies KeyFactories;

/**
 * What a unit's state change touches (spec §4): the unit path and units, tasks and counters, the
 * journal, the order and delivery tables (an order lot's items freeze when the order is placed), and
 * the review's unit, actions and topics (a decision closes the topics it was asked to).
 */
export function invalidateUnitChange(queryClient: QueryClient): Promise<void[]> {
  return invalidateKeys(queryClient, [
    queryPrefixes.projects,
    queryPrefixes.tasks,
    queryPrefixes.dashboard,
    queryPrefixes.journal,
    queryPrefixes.orders,
    queryPrefixes.delivery,
    queryPrefixes.viewer,
  ]);
}

/** Marks the queries under each key (a prefix or a whole key) as stale; the ones on screen refetch. */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void[]> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
