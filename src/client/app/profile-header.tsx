import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../shared/schemas/account';
import { UserAvatar } from '../components/user-avatar';
import { productKey } from '../lib/config';
import { profileMenuItems } from './profile-menu-items';

/** Round thumbnail (or initials) and login name, with the profile menu below. */
export function ProfileHeader({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('SHELL.ProfileMenu')} data-testid="profile-header">
          <Group gap="xs" wrap="nowrap">
            <UserAvatar
              userId={user.userID}
              firstName={user.firstName}
              lastName={user.lastName}
              login={user.userLogin}
              hasImage={user.hasProfileImage}
              size="sm"
              productKey={productKey}
            />
            <Text size="sm" visibleFrom="sm" fw={500}>
              {user.userLogin}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
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
