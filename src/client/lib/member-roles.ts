import { roleKeys } from '../../shared/rules/role-keys';

/** Translation key of a member role; unknown keys show as Unknown (roles are display-only). */
export function roleLabelKey(role: string): string {
  return (roleKeys as readonly string[]).includes(role)
    ? `MEMBER.Roles.${role.replace(/\s+/g, '_')}`
    : 'MEMBER.Roles.Unknown';
}

export function memberName(
  m: { firstName: string | null; lastName: string | null; userLogin: string | null },
  fallback: string,
): string {
  return [m.firstName, m.lastName].filter(Boolean).join(' ') || m.userLogin || fallback;
}
