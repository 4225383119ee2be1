import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../shared/schemas/account';

/** Entries of the profile menu above Logout; a feature adds its entry once its page exists. */
export type ProfileMenuItem = { key: string; render: (t: TFunction) => ReactNode };

export function profileMenuItems(_user: CurrentUser): ProfileMenuItem[] {
  return [];
}
