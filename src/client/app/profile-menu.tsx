import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../shared/schemas/account';
import { ProfileButton } from './profile-button';
import { profileMenuItems } from './profile-menu-items';

/** The profile menu itself (loaded lazily by `ProfileHeader`). */
export function ProfileMenu({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ProfileButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        {profileMenuItems(user).map((item) => item.render(t))}
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          {t('SHELL.Logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
