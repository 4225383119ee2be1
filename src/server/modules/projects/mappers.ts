import type { ProjectUnit } from '../../../shared/schemas/projects';
import type { UnitRow } from './unit-repository';

/** A unit row as the API shows it (the spec's field names). */
export function toProjectUnit(row: UnitRow): ProjectUnit {
  return {
    projectUnitID: row.project_unit_id,
    rootProjectUnitID: row.root_project_unit_id ?? row.project_unit_id,
    parentProjectUnitID: row.parent_project_unit_id,
    projectUnitType: row.project_unit_type,
    projectUnitTypeVariant: row.project_unit_type_variant,
    projectUnitNo: row.project_unit_no,
    title: row.title,
    notes: row.notes,
    stateKey: row.state_key,
    stateSince: new Date(row.state_since).toISOString(),
    deliveryDate: row.delivery_date,
    earliestDeliveryDate: row.earliest_delivery_date,
    siteAddressID: row.site_address_id,
    siteContactID: row.site_contact_id,
    tenantID: row.tenant_id,
    salesOrgID: row.sales_org_id,
    version: row.version,
    siteAddress:
      row.address_id === null
        ? null
        : {
            addressID: row.address_id,
            name: row.address_name,
            street1: row.address_street1,
            zip: row.address_zip,
            city: row.address_city,
            country: row.address_country,
            projectUnitID: row.address_unit_id,
            version: row.address_version ?? 1,
          },
  };
}

/** Today as an ISO day in UTC. */
export function isoToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}
