import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { AddressesTable, ContactsTable } from '../../platform/db/schema';

export function getAddress(db: Database, addressId: number) {
  return db.selectFrom('addresses').selectAll().where('address_id', '=', addressId).executeTakeFirstOrThrow();
}

export async function insertAddress(db: Database, values: Insertable<AddressesTable>) {
  return db.insertInto('addresses').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateAddress(db: Database, addressId: number, values: Updateable<AddressesTable>) {
  return db
    .updateTable('addresses')
    .set(values)
    .where('address_id', '=', addressId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function getContact(db: Database, contactId: number) {
  return db.selectFrom('contacts').selectAll().where('contact_id', '=', contactId).executeTakeFirstOrThrow();
}

export async function insertContact(db: Database, values: Insertable<ContactsTable>) {
  return db.insertInto('contacts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateContact(db: Database, contactId: number, values: Updateable<ContactsTable>) {
  return db
    .updateTable('contacts')
    .set(values)
    .where('contact_id', '=', contactId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function linkSiteData(
  db: Database,
  unitId: number,
  values: { site_address_id?: number | null; site_contact_id?: number | null },
) {
  await db.updateTable('project_units').set(values).where('project_unit_id', '=', unitId).execute();
}
