import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp, TimestampNullable } from './foundation';
import type {
  PdfMarkup,
  ModelViewpoint,
  SignOffFile,
  SignOffTopic,
  TopicPriority,
} from '../../../../shared/schemas/review';
import type { StateKey } from '../../../../shared/schemas/project-unit';

/** Tables of the drawing-review migration (090). */
export type FileConversionsTable = {
  project_file_version_id: number;
  status: 'converting' | 'ready' | 'failed';
  reason: string | null;
  fragments_key: string | null;
  fragments_size: ColumnType<string | number | null, number | null, number | null>;
  duration_ms: number | null;
  updated_at: Timestamp;
};

export type ReviewTopicsTable = {
  review_topic_id: Generated<number>;
  guid: string;
  tenant_id: number;
  root_project_unit_id: number;
  project_unit_id: number;
  project_file_id: number | null;
  version_no: number | null;
  title: string;
  status: 'open' | 'resolved';
  assignee_user_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  resolved_at: TimestampNullable;
  markup: Json<PdfMarkup | null>;
  viewpoint: Json<ModelViewpoint | null>;
  /** Imported from BCF: the author and date the archive names (shown only, never a user). */
  imported_author: ColumnType<string | null, string | null | undefined, string | null>;
  imported_created_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 341: priority, due date (a day), labels, carried over to the next revision. */
  priority: ColumnType<TopicPriority, TopicPriority | undefined, TopicPriority>;
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  labels: ColumnType<string[], string[] | undefined, string[]>;
  carried_over_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type ReviewCommentsTable = {
  review_comment_id: Generated<number>;
  guid: string;
  review_topic_id: number;
  author_user_id: number | null;
  author_name: string;
  text: string;
  created_at: Timestamp;
  imported_author: ColumnType<string | null, string | null | undefined, string | null>;
  imported_created_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 322: the project members the comment mentions. */
  mention_user_ids: ColumnType<number[], number[] | undefined, number[]>;
};

/** The sign-off record of an approval (migration 342); files and topics are a copy taken then. */
export type ReviewSignOffsTable = {
  review_sign_off_id: Generated<number>;
  tenant_id: number;
  root_project_unit_id: number;
  project_unit_id: number;
  signed_by: number | null;
  signed_by_name: string;
  signed_at: Timestamp;
  state_key: StateKey;
  files: Json<SignOffFile[]>;
  topics: Json<SignOffTopic[]>;
};

/** Comparisons of two versions of one file, computed once per pair (migration 340). */
export type VersionComparisonsTable = {
  version_comparison_id: Generated<string>;
  tenant_id: number;
  older_version_id: number;
  newer_version_id: number;
  kind: 'pdf' | 'model';
  format: string;
  result: Json<unknown>;
  duration_ms: number;
  created_at: Generated<Date>;
};

/** The scale of a page of a PDF file version, for measuring (migration 345). */
export type SheetCalibrationsTable = {
  project_file_version_id: number;
  page: number;
  tenant_id: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  page_width: number;
  page_height: number;
  length_mm: number;
  calibrated_by: number | null;
  calibrated_at: Timestamp;
};

export type ReviewTables = {
  sheet_calibrations: SheetCalibrationsTable;
  version_comparisons: VersionComparisonsTable;
  file_conversions: FileConversionsTable;
  review_topics: ReviewTopicsTable;
  review_comments: ReviewCommentsTable;
  review_sign_offs: ReviewSignOffsTable;
};
