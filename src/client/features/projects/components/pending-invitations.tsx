import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCopy, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/projects';
import { InvitationLinkField, useInvitationLink } from '../../../components/invitation-link';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { memberName } from '../../../lib/member-roles';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * The members this user invited who have not signed in yet: their invitation can be handed on
 * without a mail server (a fresh link to copy, which ends the previous one) or sent again.
 */
export function PendingInvitations({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  const mine = members.filter((m) => m.invitationByMe);
  if (mine.length === 0) return null;
  return (
    <Stack gap="xs" mt="sm" data-testid="pending-invitations">
      <Text size="sm" fw={600}>
        {t('MEMBER.Invitation.Pending')}
      </Text>
      {mine.map((m) => (
        <PendingInvitation key={m.userID} member={m} />
      ))}
    </Stack>
  );
}

function PendingInvitation({ member }: { member: Member }) {
  const { t } = useTranslation();
  const name = memberName(member, t('MEMBER.Unnamed'));
  const { link, clear, copy } = useInvitationLink(member.userID, name);
  const resend = useMutation({
    mutationFn: () => apiRequest<unknown>(apiData(`tenant-users/${member.userID}/invitation`), { method: 'POST' }),
    onSuccess: () => {
      clear();
      notifySuccess(t('MEMBER.Invitation.Resent', { name }));
    },
    onError: (e) => notifyError(e),
  });
  return (
    <Stack gap={4} data-testid="pending-invitation">
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{name}</Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconCopy size={12} aria-hidden />}
          loading={copy.isPending}
          onClick={() => copy.mutate()}
        >
          {t('MEMBER.Invitation.CopyLink')}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconMailForward size={12} aria-hidden />}
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('MEMBER.Invitation.Resend')}
        </Button>
      </Group>
      {link && <InvitationLinkField link={link} name={name} />}
    </Stack>
  );
}
