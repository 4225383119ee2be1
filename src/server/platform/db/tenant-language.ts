import { sql } from 'kysely';

/**
 * The language of the tenant a row belongs to (`tenantIdColumn`, e.g. `pl.tenant_id`): the
 * fallback of its content per language (textInLanguage, src/shared/rules/text-in-language.ts).
 */
export function tenantLanguageOf(tenantIdColumn: string) {
  return sql<string>`(select t.language from tenants t where t.tenant_id = ${sql.ref(tenantIdColumn)})`;
}
