import { AppError, staleSave } from '../../../shared/errors';
import type {
  AddressInput,
  AddressUpdate,
  AdditionalData,
  ContactInput,
  ContactUpdate,
  SiteAddress,
  SiteContact,
} from '../../../shared/schemas/projects';
import { requireAccess, type ProjectAccess, type SiteRecordKind } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { AddressesTable, ContactsTable } from '../../platform/db/schema';
import type { Database } from '../../platform/db/database';
import type { Selectable } from 'kysely';
import * as repo from './site-repository';
import type { ServiceContext } from '../../platform/context';
import { journalOnRoot } from './member-manage-service';
import { siteJournalTexts } from './site-journal-texts';
import { toProjectUnit } from './mappers';
import { findUnit } from './unit-repository';

/**
 * Site address and contact of a unit: the generic data service's address and contact records.
 * Writing them follows the unit edit rule of the unit they belong to (never on a Closed or
 * Archived project); a new record is created and linked to its unit in one transaction; every
 * change is journaled on the project (old → new); a unit holds at most MAX_SITE_RECORDS of each.
 */

/** Records of one kind a unit may hold (linked or not). */
export const MAX_SITE_RECORDS = 20;

export function toAddress(row: Selectable<AddressesTable>): SiteAddress {
  return {
    addressID: row.address_id,
    name: row.name,
    street1: row.street1,
    zip: row.zip,
    city: row.city,
    country: row.country,
    projectUnitID: row.project_unit_id,
    version: row.version,
  };
}

export function toContact(row: Selectable<ContactsTable>): SiteContact {
  return {
    contactID: row.contact_id,
    name: row.name,
    officePhone: row.office_phone,
    officeFax: row.office_fax,
    companyMobile: row.company_mobile,
    officeEMail: row.office_email,
    projectUnitID: row.project_unit_id,
    version: row.version,
  };
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The stored columns of an address or contact form; blank fields become null. */
function addressColumns(input: AddressInput) {
  return {
    name: blankToNull(input.name),
    street1: blankToNull(input.street1),
    zip: blankToNull(input.zip),
    city: blankToNull(input.city),
    country: blankToNull(input.country),
  };
}

function contactColumns(input: ContactInput) {
  return {
    name: blankToNull(input.name),
    office_phone: blankToNull(input.officePhone),
    office_fax: blankToNull(input.officeFax),
    company_mobile: blankToNull(input.companyMobile),
    office_email: blankToNull(input.officeEMail),
  };
}

/** One line for the journal: the record's filled fields. */
function describeAddress(row: Selectable<AddressesTable> | undefined, none: string): string {
  if (!row) return none;
  const text = [row.name, row.street1, [row.zip, row.city].filter(Boolean).join(' '), row.country]
    .filter(Boolean)
    .join(', ');
  return text || `#${row.address_id}`;
}

function describeContact(row: Selectable<ContactsTable> | undefined, none: string): string {
  if (!row) return none;
  const text = [row.name, row.office_phone, row.company_mobile, row.office_fax, row.office_email]
    .filter(Boolean)
    .join(', ');
  return text || `#${row.contact_id}`;
}

async function journal(
  trx: Database,
  access: ProjectAccess,
  user: SessionUser,
  now: Date,
  kind: SiteRecordKind,
  unitTitle: string,
  before: string,
  after: string,
): Promise<void> {
  if (before === after) return;
  const texts = siteJournalTexts(user.language);
  await journalOnRoot(trx, access.root, user, now, texts[kind](unitTitle, before, after));
}

function refuseWhenFull(count: number): void {
  if (count >= MAX_SITE_RECORDS)
    throw new AppError('Conflict', [
      {
        messageType: 'Error',
        message: 'PROJECT.Site.TooManyRecords',
        reference: null,
        params: { max: MAX_SITE_RECORDS },
      },
    ]);
}

export async function getAddress(ctx: ServiceContext, user: SessionUser, addressId: number): Promise<SiteAddress> {
  await requireAccess(ctx.db, user, { permission: 'siteRecord.read', id: addressId, record: 'address' });
  return toAddress(await repo.getAddress(ctx.db, addressId));
}

/** Creates the unit's site address and links it to the unit, in one transaction. */
export async function createAddress(ctx: ServiceContext, user: SessionUser, input: AddressInput): Promise<SiteAddress> {
  const access = await requireAccess(ctx.db, user, { permission: 'unit.edit', id: input.projectUnitID });
  const now = ctx.clock.now();
  const none = siteJournalTexts(user.language).none;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const unit = await repo.lockUnitLinks(trx, input.projectUnitID);
    refuseWhenFull(await repo.countRecords(trx, 'addresses', unit.project_unit_id));
    const before = unit.site_address_id ? await repo.findAddress(trx, unit.site_address_id) : undefined;
    const created = await repo.insertAddress(trx, {
      tenant_id: access.unit.tenant_id,
      project_unit_id: unit.project_unit_id,
      ...addressColumns(input),
    });
    await repo.linkSiteData(trx, unit.project_unit_id, { site_address_id: created.address_id });
    const after = describeAddress(created, none);
    await journal(trx, access, user, now, 'address', unit.title, describeAddress(before, none), after);
    return created;
  });
  return toAddress(row);
}

export async function updateAddress(
  ctx: ServiceContext,
  user: SessionUser,
  addressId: number,
  input: AddressUpdate,
): Promise<SiteAddress> {
  const access = await requireAccess(ctx.db, user, {
    permission: 'siteRecord.write',
    id: addressId,
    record: 'address',
  });
  const none = siteJournalTexts(user.language).none;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.getAddress(trx, addressId);
    const updated = await repo.updateAddress(trx, addressId, input.version, addressColumns(input));
    if (!updated) throw staleSave(toAddress(await repo.getAddress(trx, addressId)));
    const after = describeAddress(updated, none);
    await journal(
      trx,
      access,
      user,
      ctx.clock.now(),
      'address',
      access.unit.title,
      describeAddress(before, none),
      after,
    );
    return updated;
  });
  return toAddress(row);
}

export async function getContact(ctx: ServiceContext, user: SessionUser, contactId: number): Promise<SiteContact> {
  await requireAccess(ctx.db, user, { permission: 'siteRecord.read', id: contactId, record: 'contact' });
  return toContact(await repo.getContact(ctx.db, contactId));
}

/** Creates the unit's site contact and links it to the unit, in one transaction. */
export async function createContact(ctx: ServiceContext, user: SessionUser, input: ContactInput): Promise<SiteContact> {
  const access = await requireAccess(ctx.db, user, { permission: 'unit.edit', id: input.projectUnitID });
  const now = ctx.clock.now();
  const none = siteJournalTexts(user.language).none;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const unit = await repo.lockUnitLinks(trx, input.projectUnitID);
    refuseWhenFull(await repo.countRecords(trx, 'contacts', unit.project_unit_id));
    const before = unit.site_contact_id ? await repo.findContact(trx, unit.site_contact_id) : undefined;
    const created = await repo.insertContact(trx, {
      tenant_id: access.unit.tenant_id,
      project_unit_id: unit.project_unit_id,
      ...contactColumns(input),
    });
    await repo.linkSiteData(trx, unit.project_unit_id, { site_contact_id: created.contact_id });
    const after = describeContact(created, none);
    await journal(trx, access, user, now, 'contact', unit.title, describeContact(before, none), after);
    return created;
  });
  return toContact(row);
}

export async function updateContact(
  ctx: ServiceContext,
  user: SessionUser,
  contactId: number,
  input: ContactUpdate,
): Promise<SiteContact> {
  const access = await requireAccess(ctx.db, user, {
    permission: 'siteRecord.write',
    id: contactId,
    record: 'contact',
  });
  const none = siteJournalTexts(user.language).none;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.getContact(trx, contactId);
    const updated = await repo.updateContact(trx, contactId, input.version, contactColumns(input));
    if (!updated) throw staleSave(toContact(await repo.getContact(trx, contactId)));
    const after = describeContact(updated, none);
    await journal(
      trx,
      access,
      user,
      ctx.clock.now(),
      'contact',
      access.unit.title,
      describeContact(before, none),
      after,
    );
    return updated;
  });
  return toContact(row);
}

/**
 * Links (or unlinks, with null) a site address and/or contact of the same project to a unit, under
 * the unit edit rule; with `version`, a unit saved meanwhile answers 409 with the unit.
 */
export async function updateAdditionalData(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
  input: AdditionalData,
): Promise<AdditionalData> {
  const access = await requireAccess(ctx.db, user, { permission: 'unit.edit', id: unitId });
  if (input.projectUnitID !== unitId) throw new AppError('ValidationFailed');
  const sameProject = async (id: number, record: SiteRecordKind) => {
    const other = await requireAccess(ctx.db, user, { permission: 'siteRecord.read', id, record });
    if (other.root.project_unit_id !== access.root.project_unit_id) throw new AppError('NotFound');
  };
  if (input.siteAddressID) await sameProject(input.siteAddressID, 'address');
  if (input.siteContactID) await sameProject(input.siteContactID, 'contact');
  const none = siteJournalTexts(user.language).none;
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const unit = await repo.lockUnitLinks(trx, unitId);
    if (input.version !== undefined && input.version !== unit.version) {
      const current = await findUnit(trx, unitId);
      throw staleSave(current ? toProjectUnit(current) : undefined);
    }
    const values: { site_address_id?: number | null; site_contact_id?: number | null } = {};
    if (input.siteAddressID !== undefined && input.siteAddressID !== unit.site_address_id) {
      values.site_address_id = input.siteAddressID;
      const before = unit.site_address_id ? await repo.findAddress(trx, unit.site_address_id) : undefined;
      const after = input.siteAddressID ? await repo.findAddress(trx, input.siteAddressID) : undefined;
      await journal(
        trx,
        access,
        user,
        now,
        'address',
        unit.title,
        describeAddress(before, none),
        describeAddress(after, none),
      );
    }
    if (input.siteContactID !== undefined && input.siteContactID !== unit.site_contact_id) {
      values.site_contact_id = input.siteContactID;
      const before = unit.site_contact_id ? await repo.findContact(trx, unit.site_contact_id) : undefined;
      const after = input.siteContactID ? await repo.findContact(trx, input.siteContactID) : undefined;
      await journal(
        trx,
        access,
        user,
        now,
        'contact',
        unit.title,
        describeContact(before, none),
        describeContact(after, none),
      );
    }
    if (Object.keys(values).length > 0) await repo.linkSiteData(trx, unitId, values);
  });
  return input;
}
