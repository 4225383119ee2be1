import type { ColumnType, Generated } from 'kysely';
import type { Language } from '../../../../shared/schemas/common';
import type { ProjectUnitType, StateKey } from '../../../../shared/schemas/project-unit';

/** Tables of the foundation migration. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type TimestampNullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type DateString = ColumnType<string | null, string | null | undefined, string | null>;
export type Json<T = Record<string, unknown>> = ColumnType<T, string | T | undefined, string | T>;

export type TenantsTable = {
  tenant_id: Generated<number>;
  tenant_key: string;
  name: string;
  features: Json<Record<string, unknown>>;
  logo_png: Buffer | null;
  /** Migration 346: the information text (html) per language; the tenant's language is the fallback. */
  general_info_by_language: Json<Partial<Record<Language, string>>>;
  /** de, en or nl: the language of the tenant's search index (migration 120). */
  language: Generated<Language>;
  /** Migration 351: the brand colour (`#rrggbb`) of the browser's chrome; null: the product's. */
  brand_color: Generated<string | null>;
  created_at: Generated<Date>;
};

export type SalesOrgsTable = {
  sales_org_id: Generated<number>;
  tenant_id: number;
  sales_org_key: string;
  title: string;
  descript: string | null;
  additional_info: Json<Record<string, unknown>>;
  logo_png: Buffer | null;
};

export type PlantsTable = {
  plant_id: Generated<number>;
  tenant_id: number;
  name: string;
  /** Migration 352: the name per language (de, en, nl) beside the base name. */
  name_by_language: Json<Partial<Record<Language, string>>>;
  /** Migration 310: m³ of AAC the plant makes per week (null: not planned). */
  weekly_capacity: ColumnType<number | null, number | string | null | undefined, number | string | null>;
};

export type ProductTypesTable = {
  product_type_id: Generated<number>;
  tenant_id: number;
  title: string;
  /** Migration 354: the title per language (de, en, nl) beside the base title. */
  title_by_language: Json<Partial<Record<Language, string>>>;
  bg_color: Generated<string>;
  text_color: Generated<string>;
};

export type UsersTable = {
  user_id: Generated<number>;
  tenant_id: number;
  sales_org_id: number | null;
  login: string;
  email: string | null;
  password_hash: string | null;
  external_issuer: string | null;
  external_subject: string | null;
  is_internal: Generated<boolean>;
  /** The technical user of an API token (migration 330): never signs in. */
  is_technical: Generated<boolean>;
  is_admin: Generated<boolean>;
  /** Roles the user usually holds in the tenant (e.g. salesPlanner): who may create projects. */
  role_keys: ColumnType<string[], string[] | undefined, string[]>;
  language: Generated<Language>;
  first_name: string | null;
  last_name: string | null;
  daily_status_mail: Generated<boolean>;
  profile_image_png: Buffer | null;
  company_name: string | null;
  company_name2: string | null;
  street1: string | null;
  street2: string | null;
  zip: string | null;
  city: string | null;
  office_phone: string | null;
  company_mobile: string | null;
  office_fax: string | null;
  deleted_at: TimestampNullable;
  /** Set while an admin has deactivated the account: no sign-in, no sessions. */
  deactivated_at: TimestampNullable;
  /** Migration 290: the admin or member who invited the user; they alone may hand the invitation on. */
  invited_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
};

export type SessionsTable = {
  session_id: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  user_agent: string | null;
  /** The client's address at sign-in (as trusted through TRUST_PROXY). */
  client_ip: string | null;
};

/** Hits of a request limit per key in fixed windows (platform/http/rate-limit.ts). */
export type RateLimitHitsTable = {
  bucket: string;
  key: string;
  window_start: Timestamp;
  hits: number;
};

export type LoginAttemptsTable = {
  attempt_id: Generated<number>;
  login: string;
  attempted_at: Timestamp;
  succeeded: boolean;
  /** The client's address (as trusted through TRUST_PROXY); null for attempts before it was kept. */
  client_ip: string | null;
};

export type AddressesTable = {
  address_id: Generated<number>;
  tenant_id: number;
  project_unit_id: number | null;
  name: string | null;
  street1: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  version: Generated<number>;
};

export type ContactsTable = {
  contact_id: Generated<number>;
  tenant_id: number;
  project_unit_id: number | null;
  name: string | null;
  office_phone: string | null;
  office_fax: string | null;
  company_mobile: string | null;
  office_email: string | null;
  version: Generated<number>;
};

export type ProjectUnitsTable = {
  project_unit_id: Generated<number>;
  tenant_id: number;
  sales_org_id: number | null;
  root_project_unit_id: number | null;
  parent_project_unit_id: number | null;
  project_unit_type: ProjectUnitType;
  project_unit_type_variant: string | null;
  project_unit_no: string;
  title: string;
  notes: string | null;
  state_key: StateKey;
  state_since: Generated<Date>;
  delivery_date: DateString;
  earliest_delivery_date: DateString;
  site_address_id: number | null;
  site_contact_id: number | null;
  plant_id: number | null;
  product_type_id: number | null;
  is_bim: Generated<boolean>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
};

export type MembersTable = {
  root_project_unit_id: number;
  user_id: number;
  role_keys: ColumnType<string[], string[] | undefined, string[]>;
};

export type MaterialsTable = {
  material_id: Generated<number>;
  project_unit_id: number;
  type: string;
  volume: number;
  delivery_date: DateString;
};

export type MailOutboxTable = {
  mail_id: Generated<number>;
  tenant_id: number | null;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Generated<Date>;
  sent_at: TimestampNullable;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  /** The text as delivered (with its secrets); cleared once delivered, never shown to admins. */
  delivery_text: string | null;
  delivery_html: string | null;
  delivery_attachments: ColumnType<StoredAttachment[] | null, string | null | undefined, string | null>;
  /** Extra headers (migration 324: the one-click unsubscribe of a notification mail). */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
};

export type MailStatus = 'pending' | 'sending' | 'sent' | 'kept' | 'failed';
export type StoredAttachment = { filename: string; contentType: string; base64: string };

export type ProductPlantPreliminaryDaysTable = {
  product_plant_preliminary_days_id: Generated<number>;
  tenant_id: number;
  plant_id: number;
  product_type_id: number;
  preliminary_days: Generated<number>;
};

export type TasksTable = {
  task_id: Generated<number>;
  tenant_id: number;
  root_project_unit_id: number;
  project_unit_id: number;
  user_id: number;
  /** Usually the state key the task belongs to (e.g. PlaceOrder). */
  task_key: string;
  state_key: StateKey;
  created_at: Generated<Date>;
  closed_at: TimestampNullable;
};

export type FoundationTables = {
  product_plant_preliminary_days: ProductPlantPreliminaryDaysTable;
  tasks: TasksTable;
  tenants: TenantsTable;
  sales_orgs: SalesOrgsTable;
  plants: PlantsTable;
  product_types: ProductTypesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  rate_limit_hits: RateLimitHitsTable;
  addresses: AddressesTable;
  contacts: ContactsTable;
  project_units: ProjectUnitsTable;
  members: MembersTable;
  materials: MaterialsTable;
  mail_outbox: MailOutboxTable;
};
