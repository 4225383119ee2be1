import { AppError } from '../../../shared/errors';
import type {
  AddressInput,
  AdditionalData,
  ContactInput,
  SiteAddress,
  SiteContact,
} from '../../../shared/schemas/projects';
import { requireAccess, type SiteRecordKind } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { AddressesTable, ContactsTable } from '../../platform/db/schema';
import type { Selectable } from 'kysely';
import * as repo from './site-repository';
import type { ServiceContext } from '../../platform/context';

/** Site address and contact of a unit: the generic data service's address and contact records. */

export function toAddress(row: Selectable<AddressesTable>): SiteAddress {
  return {
    addressID: row.address_id,
    name: row.name,
    street1: row.street1,
    zip: row.zip,
    city: row.city,
    country: row.country,
    projectUnitID: row.project_unit_id,
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

export async function getAddress(ctx: ServiceContext, user: SessionUser, addressId: number): Promise<SiteAddress> {
  await requireAccess(ctx.db, user, { permission: 'siteRecord.read', id: addressId, record: 'address' });
  return toAddress(await repo.getAddress(ctx.db, addressId));
}

export async function createAddress(ctx: ServiceContext, user: SessionUser, input: AddressInput): Promise<SiteAddress> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.write', id: input.projectUnitID });
  const row = await repo.insertAddress(ctx.db, {
    tenant_id: access.unit.tenant_id,
    project_unit_id: input.projectUnitID,
    ...addressColumns(input),
  });
  return toAddress(row);
}

export async function updateAddress(
  ctx: ServiceContext,
  user: SessionUser,
  addressId: number,
  input: AddressInput,
): Promise<SiteAddress> {
  await requireAccess(ctx.db, user, { permission: 'siteRecord.write', id: addressId, record: 'address' });
  const row = await repo.updateAddress(ctx.db, addressId, addressColumns(input));
  return toAddress(row);
}

export async function getContact(ctx: ServiceContext, user: SessionUser, contactId: number): Promise<SiteContact> {
  await requireAccess(ctx.db, user, { permission: 'siteRecord.read', id: contactId, record: 'contact' });
  return toContact(await repo.getContact(ctx.db, contactId));
}

export async function createContact(ctx: ServiceContext, user: SessionUser, input: ContactInput): Promise<SiteContact> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.write', id: input.projectUnitID });
  const row = await repo.insertContact(ctx.db, {
    tenant_id: access.unit.tenant_id,
    project_unit_id: input.projectUnitID,
    ...contactColumns(input),
  });
  return toContact(row);
}

export async function updateContact(
  ctx: ServiceContext,
  user: SessionUser,
  contactId: number,
  input: ContactInput,
): Promise<SiteContact> {
  await requireAccess(ctx.db, user, { permission: 'siteRecord.write', id: contactId, record: 'contact' });
  const row = await repo.updateContact(ctx.db, contactId, contactColumns(input));
  return toContact(row);
}

/** Links a site address and/or contact of the same project to a unit. */
export async function updateAdditionalData(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
  input: AdditionalData,
): Promise<AdditionalData> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.write', id: unitId });
  if (input.projectUnitID !== unitId) throw new AppError('ValidationFailed');
  const sameProject = async (id: number, record: SiteRecordKind) => {
    const other = await requireAccess(ctx.db, user, { permission: 'siteRecord.read', id, record });
    if (other.root.project_unit_id !== access.root.project_unit_id) throw new AppError('NotFound');
  };
  const values: { site_address_id?: number | null; site_contact_id?: number | null } = {};
  if (input.siteAddressID !== undefined) {
    if (input.siteAddressID !== null) await sameProject(input.siteAddressID, 'address');
    values.site_address_id = input.siteAddressID;
  }
  if (input.siteContactID !== undefined) {
    if (input.siteContactID !== null) await sameProject(input.siteContactID, 'contact');
    values.site_contact_id = input.siteContactID;
  }
  if (Object.keys(values).length > 0) await repo.linkSiteData(ctx.db, unitId, values);
  return input;
}
