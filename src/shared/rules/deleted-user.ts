/**
 * A deleted account keeps its row (project history points at it) with this login instead of
 * the e-mail address. Lists that show a user (journal, members) show PROFILE.DeletedUser for it.
 */
export const deletedLogin = (userId: number) => `deleted-${userId}@deleted.invalid`;

export function isDeletedLogin(login: string | null | undefined): boolean {
  return !!login && /^deleted-\d+@deleted\.invalid$/.test(login);
}
