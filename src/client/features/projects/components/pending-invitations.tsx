import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { useFormatters } from '../../../lib/format';
import { memberName } from '../../../lib/member-roles';
import { notifyError, notifySuccess } from '../../../lib/notify';

type Link = { link: string; validUntil: string | null };

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
  const fmt = useFormatters();
  const [copied, setCopied] = useState<Link | null>(null);
  const name = memberName(member, t('MEMBER.Unnamed'));
  const copy = useMutation({
    mutationFn: () => apiRequest<Link>(apiData(`tenant-users/${member.userID}/invitation-link`), { method: 'POST' }),
    onSuccess: async (link) => {
      setCopied(link);
      // The clipboard may be refused (no secure context): the link stays visible to copy by hand.
      const onClipboard = await navigator.clipboard?.writeText(link.link).then(
        () => true,
        () => false,
      );
      notifySuccess(t(onClipboard ? 'MEMBER.Invitation.Copied' : 'MEMBER.Invitation.Created', { name }));
    },
    onError: (e) => notifyError(e),
  });
  const resend = useMutation({
    mutationFn: () => apiRequest<unknown>(apiData(`tenant-users/${member.userID}/invitation`), { method: 'POST' }),
    onSuccess: () => {
      setCopied(null);
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
      {copied && (
        <TextInput
          size="xs"
          readOnly
          value={copied.link}
          label={t('MEMBER.Invitation.LinkLabel', { name })}
          description={
            copied.validUntil
              ? t('MEMBER.Invitation.ValidUntil', { date: fmt.dateTime(copied.validUntil) })
              : t('MEMBER.Invitation.CompanySignIn')
          }
          onFocus={(e) => e.currentTarget.select()}
          data-testid="invitation-link"
        />
      )}
    </Stack>
  );
}
