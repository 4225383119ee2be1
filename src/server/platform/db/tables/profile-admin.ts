import type { Generated } from 'kysely';
import type { BannerLevel } from '../../../../shared/schemas/admin';
import type { Timestamp, TimestampNullable } from './foundation';

/** Tables of migration 010: account links, banner notifications, OpenID Connect per tenant. */
export type AccountTokensTable = {
  token_hash: string;
  user_id: number;
  purpose: 'password-reset' | 'account-delete' | 'invitation';
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: TimestampNullable;
};

export type BannerNotificationsTable = {
  notification_id: Generated<number>;
  tenant_id: number;
  title: string;
  text: string;
  level: BannerLevel;
  show_from: Timestamp;
  show_until: Timestamp;
  created_at: Generated<Date>;
  version: Generated<number>;
};

export type BannerNotificationSalesOrgsTable = { notification_id: number; sales_org_id: number };

export type TenantOidcTable = {
  tenant_id: number;
  issuer: string;
  client_id: string;
  /** AES-256-GCM envelope (`enc:v1:…`, see platform/crypto/secret-box.ts); older rows may hold plain text. */
  client_secret: string;
  button_label: string | null;
  enabled: Generated<boolean>;
  updated_at: TimestampNullable;
};

/** Migration 011: an external sign-in in progress (state, nonce and PKCE verifier). */
export type OidcFlowsTable = {
  flow_hash: string;
  tenant_id: number;
  state: string;
  nonce: string;
  code_verifier: string;
  expires_at: Timestamp;
};

export type ProfileAdminTables = {
  oidc_flows: OidcFlowsTable;
  account_tokens: AccountTokensTable;
  banner_notifications: BannerNotificationsTable;
  banner_notification_sales_orgs: BannerNotificationSalesOrgsTable;
  tenant_oidc: TenantOidcTable;
};
