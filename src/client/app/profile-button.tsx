import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../shared/schemas/account';
import { UserAvatar } from '../components/user-avatar';
import { productKey } from '../lib/config';
import { useProfileImageVersion } from '../lib/profile-image';

type Props = { user: CurrentUser } & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>;

/** Round thumbnail (or initials) and login name: the button that opens the profile menu. */
export function ProfileButton({ user, ...props }: Props) {
  const { t } = useTranslation();
  const imageVersion = useProfileImageVersion();
  return (
    // No aria-label: the name is the visible content plus a hidden hint, so it contains what users see.
    <UnstyledButton data-testid="profile-header" {...props}>
      <Group gap="xs" wrap="nowrap">
        <UserAvatar
          userId={user.userID}
          firstName={user.firstName}
          lastName={user.lastName}
          login={user.userLogin}
          hasImage={user.hasProfileImage}
          size="sm"
          productKey={productKey}
          version={imageVersion}
        />
        <Text size="sm" visibleFrom="sm" fw={500}>
          {user.userLogin}
        </Text>
        <VisuallyHidden>{t('SHELL.ProfileMenu')}</VisuallyHidden>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
