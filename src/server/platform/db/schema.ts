import type { FoundationTables } from './tables/foundation';
import type { ProfileAdminTables } from './tables/profile-admin';
import type { WorkflowTables } from './tables/workflow';
import type { OrderTables } from './tables/orders';
import type { FileTables } from './tables/files';
import type { OnboardingTables } from './tables/onboarding';
import type { StructureTables } from './tables/structure';
import type { DeliveryTables } from './tables/delivery';
import type { QuestionnaireTables } from './tables/questionnaire';
import type { SearchTables } from './tables/search';
import type { ReviewTables } from './tables/review';
import type { StorageQuotaTables } from './tables/storage-quotas';
import type { EventTables } from './tables/events';
import type { MachineAccessTables } from './tables/machine-access';
import type { WorkTables } from './tables/work';

export type * from './tables/foundation';

/**
 * Database tables as Kysely sees them: one type per domain in ./tables, joined here.
 * A migration that adds tables adds its file to ./tables and one member to this type.
 */
export type DB = FoundationTables &
  ProfileAdminTables &
  WorkflowTables &
  OrderTables &
  FileTables &
  OnboardingTables &
  StructureTables &
  DeliveryTables &
  QuestionnaireTables &
  SearchTables &
  ReviewTables &
  StorageQuotaTables &
  EventTables &
  WorkTables &
  MachineAccessTables;
