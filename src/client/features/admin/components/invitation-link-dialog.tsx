import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { InvitationLinkField, useInvitationLink } from '../../../components/invitation-link';
import { closeLabel } from '../../../lib/notify';

/**
 * The invitation link of a user the admin invited, to hand on without a mail server: made fresh
 * on opening (the previous link stops working), on the clipboard where the browser allows.
 */
export function InvitationLinkDialog({ userId, name, onClose }: { userId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { link, copy } = useInvitationLink(userId, name);
  const { mutate } = copy;
  useEffect(() => mutate(), [mutate]);
  return (
    <Modal opened onClose={onClose} title={t('MEMBER.Invitation.CopyLink')} closeButtonProps={closeLabel()}>
      <Stack gap="sm">
        {copy.isPending && <Loader size="sm" aria-label={t('COMMON.Loading')} />}
        {link && <InvitationLinkField link={link} name={name} />}
        {copy.isError && <Text c="red.9">{t('MEMBER.Invitation.LinkFailed')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('COMMON.Close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
