import { TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api-client';
import { apiData } from '../lib/config';
import { useFormatters } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notify';

export type InvitationLink = { link: string; validUntil: string | null };

/**
 * Hands an open invitation on without a mail server: `copy` makes a fresh link (ending the one
 * before) and puts it on the clipboard where the browser allows; the link stays shown to copy by
 * hand. Only the person who invited may do so (the server checks).
 */
export function useInvitationLink(userId: number, name: string) {
  const { t } = useTranslation();
  const [link, setLink] = useState<InvitationLink | null>(null);
  const copy = useMutation({
    mutationFn: () => apiRequest<InvitationLink>(apiData(`tenant-users/${userId}/invitation-link`), { method: 'POST' }),
    onSuccess: async (created) => {
      setLink(created);
      // The clipboard may be refused (no secure context): the link stays visible to copy by hand.
      const onClipboard = await navigator.clipboard?.writeText(created.link).then(
        () => true,
        () => false,
      );
      notifySuccess(t(onClipboard ? 'MEMBER.Invitation.Copied' : 'MEMBER.Invitation.Created', { name }));
    },
    onError: (e) => notifyError(e),
  });
  return { link, clear: () => setLink(null), copy };
}

/** The link as a read-only field to select and copy, with how long it works. */
export function InvitationLinkField({ link, name }: { link: InvitationLink; name: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return (
    <TextInput
      size="xs"
      readOnly
      value={link.link}
      label={t('MEMBER.Invitation.LinkLabel', { name })}
      description={
        link.validUntil
          ? t('MEMBER.Invitation.ValidUntil', { date: fmt.dateTime(link.validUntil) })
          : t('MEMBER.Invitation.CompanySignIn')
      }
      onFocus={(e) => e.currentTarget.select()}
      data-testid="invitation-link"
    />
  );
}
