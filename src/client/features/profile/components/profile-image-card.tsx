import { ActionIcon, Box, Card, Center, Group, Image, Text } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconPencil, IconTrash, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../shared/schemas/profile';
import { confirmAction } from '../../../components/confirm';
import { apiData } from '../../../lib/config';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useProfileImageVersion } from '../../../lib/profile-image';
import { useDeleteProfileImage } from '../api/profile-image';

/** The image with the login overlaid, an edit icon, and a delete icon for local logins with an image. */
export function ProfileImageCard({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const { t } = useTranslation();
  const version = useProfileImageVersion();
  const remove = useDeleteProfileImage();
  const [failed, setFailed] = useState(false);
  const hasImage = profile.userProfile.hasProfileImage === 1 && !failed;
  const canDelete = profile.userProfile.hasProfileImage === 1 && !profile.isExternalLogin;

  const handleDelete = async () => {
    if (
      !(await confirmAction({
        title: t('PROFILE.Image.Delete'),
        message: t('PROFILE.Image.DeleteConfirm'),
        danger: true,
      }))
    )
      return;
    remove.mutate(undefined, {
      onSuccess: () => notifySuccess(t('PROFILE.Image.Deleted')),
      onError: (e) => notifyError(e),
    });
  };

  return (
    <Card withBorder padding={0} radius="md" data-testid="profile-image-card">
      <Box pos="relative">
        {hasImage ? (
          <Image
            src={`${apiData(`profilefiles/${profile.user.userID}/thumbnail.png`)}?ts=${version}`}
            alt=""
            onLoad={() => setFailed(false)}
            onError={(e) => {
              // Spec §8: a load failure is only logged.
              console.error('profile image failed to load', e);
              setFailed(true);
            }}
            data-testid="profile-image"
            style={{ aspectRatio: '1 / 1' }}
          />
        ) : (
          <Center bg="gray.2" style={{ aspectRatio: '1 / 1' }}>
            <IconUser size={96} color="var(--mantine-color-gray-6)" aria-hidden />
          </Center>
        )}
        <Group
          pos="absolute"
          bottom={0}
          left={0}
          right={0}
          p="xs"
          justify="space-between"
          wrap="nowrap"
          bg="rgba(0, 0, 0, 0.65)"
        >
          <Text c="white" size="sm" fw={500} truncate>
            {profile.user.userLogin}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('PROFILE.Image.Edit')}>
              <ActionIcon variant="filled" color="dark" onClick={onEdit} aria-label={t('PROFILE.Image.Edit')}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {canDelete && (
              <Tooltip label={t('PROFILE.Image.Delete')}>
                <ActionIcon
                  variant="filled"
                  color="red.8"
                  onClick={() => void handleDelete()}
                  loading={remove.isPending}
                  aria-label={t('PROFILE.Image.Delete')}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
      </Box>
    </Card>
  );
}
