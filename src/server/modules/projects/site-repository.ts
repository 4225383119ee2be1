import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { AddressesTable, ContactsTable } from '../../platform/db/schema';

export function getAddress(db: Database, addressId: number) {
  return db.selectFrom('addresses').selectAll().where('address_id', '=', addressId).executeTakeFirstOrThrow();
}

export function findAddress(db: Database, addressId: number) {
  return db.selectFrom('addresses').selectAll().where('address_id', '=', addressId).executeTakeFirst();
}

export async function insertAddress(db: Database, values: Insertable<AddressesTable>) {
  return db.insertInto('addresses').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Writes only at the version the user edited; undefined when someone saved in between. */
export async function updateAddress(
  db: Database,
  addressId: number,
  version: number,
  values: Updateable<AddressesTable>,
) {
  return db
    .updateTable('addresses')
    .set({ ...values, version: sql`version + 1` })
    .where('address_id', '=', addressId)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export function getContact(db: Database, contactId: number) {
  return db.selectFrom('contacts').selectAll().where('contact_id', '=', contactId).executeTakeFirstOrThrow();
}

export function findContact(db: Database, contactId: number) {
  return db.selectFrom('contacts').selectAll().where('contact_id', '=', contactId).executeTakeFirst();
}

export async function insertContact(db: Database, values: Insertable<ContactsTable>) {
  return db.insertInto('contacts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateContact(
  db: Database,
  contactId: number,
  version: number,
  values: Updateable<ContactsTable>,
) {
  return db
    .updateTable('contacts')
    .set({ ...values, version: sql`version + 1` })
    .where('contact_id', '=', contactId)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/** The unit's links, its row locked until the transaction ends (creates and links of one unit queue up). */
export function lockUnitLinks(trx: Database, unitId: number) {
  return trx
    .selectFrom('project_units')
    .select(['project_unit_id', 'title', 'site_address_id', 'site_contact_id', 'version'])
    .where('project_unit_id', '=', unitId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** How many address or contact records belong to the unit. */
export async function countRecords(db: Database, table: 'addresses' | 'contacts', unitId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function linkSiteData(
  db: Database,
  unitId: number,
  values: { site_address_id?: number | null; site_contact_id?: number | null },
) {
  await db
    .updateTable('project_units')
    .set({ ...values, version: sql`version + 1` })
    .where('project_unit_id', '=', unitId)
    .execute();
}
