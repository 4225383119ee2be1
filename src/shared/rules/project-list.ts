/** Project list membership (spec/projects-workflows.md §4): roots only, split by closed states. */
export const closedStateKeys = ['Closed', 'Archived'] as const;

/** The logo identifier (spec §3): tenantID, or tenantID_salesOrgID when a sales organisation is set. */
export function logoIdentifier(tenantID: number, salesOrgID: number | null | undefined): string {
  return salesOrgID === null || salesOrgID === undefined ? String(tenantID) : `${tenantID}_${salesOrgID}`;
}
