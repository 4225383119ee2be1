/** The details page of a unit: the root alone, a deeper unit with its root. */
export function unitPath(item: { projectUnitID: number; rootProjectUnitID: number }): string {
  return item.projectUnitID === item.rootProjectUnitID
    ? `/home/app/project/details/${item.rootProjectUnitID}`
    : `/home/app/project/details/${item.rootProjectUnitID}/${item.projectUnitID}`;
}
