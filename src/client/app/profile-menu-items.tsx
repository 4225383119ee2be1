import { Menu } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../shared/schemas/account';

/** Entries of the profile menu above Logout; a feature adds its entry once its page exists. */
export type ProfileMenuItem = { key: string; render: (t: TFunction) => ReactNode };

export function profileMenuItems(_user: CurrentUser): ProfileMenuItem[] {
  return [
    {
      key: 'profile',
      render: (t) => (
        <Menu.Item
          key="profile"
          component={Link}
          to="/home/app/profile"
          leftSection={<IconUser size={16} aria-hidden />}
        >
          {t('PROFILE.MenuEntry')}
        </Menu.Item>
      ),
    },
  ];
}
