import { sql, type Kysely } from 'kysely';

/**
 * Drawing review: the fragments conversion of each IFC file version, review topics (BCF-like)
 * with their comments, and the review guards on the existing tenants' workflow definitions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per IFC version once the converter has looked at it; no row means "queued".
  await db.schema
    .createTable('file_conversions')
    .addColumn('project_file_version_id', 'integer', (c) =>
      c.primaryKey().references('project_file_versions.project_file_version_id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('fragments_key', 'text')
    .addColumn('fragments_size', 'bigint')
    .addColumn('duration_ms', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('file_conversions_status_ck', sql`status in ('converting', 'ready', 'failed')`)
    .execute();

  await db.schema
    .createTable('review_topics')
    .addColumn('review_topic_id', 'serial', (c) => c.primaryKey())
    .addColumn('guid', 'text', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('project_file_id', 'integer', (c) => c.references('project_files.project_file_id').onDelete('set null'))
    .addColumn('version_no', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('assignee_user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('markup', 'jsonb')
    .addColumn('viewpoint', 'jsonb')
    .addCheckConstraint('review_topics_status_ck', sql`status in ('open', 'resolved')`)
    .execute();
  await sql`create index review_topics_unit_idx on review_topics (project_unit_id, status)`.execute(db);

  await db.schema
    .createTable('review_comments')
    .addColumn('review_comment_id', 'serial', (c) => c.primaryKey())
    .addColumn('guid', 'text', (c) => c.notNull().unique())
    .addColumn('review_topic_id', 'integer', (c) =>
      c.notNull().references('review_topics.review_topic_id').onDelete('cascade'),
    )
    .addColumn('author_user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index review_comments_topic_idx on review_comments (review_topic_id)`.execute(db);

  // Existing tenants: a revision needs a finding, a revised submission needs a new version.
  await sql`update workflow_definitions set guard = 'reviewHasFindings'
    where unit_type = 'approvallot' and action = 'request-revision' and guard is null`.execute(db);
  await sql`update workflow_definitions set guard = 'newVersionSinceRevision'
    where unit_type = 'approvallot' and action = 'submit-revised-drawings' and guard is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update workflow_definitions set guard = null
    where guard in ('reviewHasFindings', 'newVersionSinceRevision')`.execute(db);
  for (const t of ['review_comments', 'review_topics', 'file_conversions']) await db.schema.dropTable(t).execute();
}
