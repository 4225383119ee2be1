const maxId = 2_147_483_647;

/** Whether every `…Id` parameter of a route is a positive whole number the server can know. */
export function hasValidIds(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).every(([key, value]) => {
    if (!/id$/i.test(key)) return true;
    if (!/^[1-9]\d{0,9}$/.test(value ?? '')) return false;
    return Number(value) <= maxId;
  });
}
