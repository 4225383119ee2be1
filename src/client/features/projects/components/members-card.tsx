import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Member } from '../../../../shared/schemas/projects';
import { Tooltip } from '../../../components/tooltip';
import { MemberAvatar } from '../../../components/user-avatar';
import { useMembers } from '../api/get-members';
import { PendingInvitations } from './pending-invitations';
import { DialogLoader } from '../../../components/dialog-loader';
import { memberName, roleLabelKey } from '../../../lib/member-roles';

// Loaded when first opened (its forms are not part of the page's first screen).
const ManageMembersDialog = lazy(async () => ({
  default: (await import('./manage-members-dialog')).ManageMembersDialog,
}));

function MemberPopup({ member }: { member: Member }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('MEMBER.Company'), [member.name, member.name2].filter(Boolean).join(' ') || null],
    [t('MEMBER.Email'), member.email],
    [t('MEMBER.Phone'), member.officePhone],
    [t('MEMBER.Mobile'), member.companyMobile],
    [t('MEMBER.Fax'), member.officeFax],
  ];
  return (
    <Stack gap={4}>
      <Text fw={700}>{memberName(member, t('MEMBER.Unnamed'))}</Text>
      <Text size="sm" c="dimmed">
        {member.memberRoleKeys.map((r) => t(roleLabelKey(r))).join(', ')}
      </Text>
      {rows
        .filter(([, v]) => v)
        .map(([label, value]) => (
          <Text size="sm" key={label}>
            <Text span c="dimmed" size="sm">
              {label}:
            </Text>{' '}
            {value}
          </Text>
        ))}
    </Stack>
  );
}

/** The member's details look like a card, not like a tooltip's short dark label. */
const memberPopupStyles = {
  tooltip: {
    background: 'var(--mantine-color-body)',
    color: 'var(--mantine-color-text)',
    border: '1px solid var(--mantine-color-default-border)',
    boxShadow: 'var(--mantine-shadow-md)',
    padding: 'var(--mantine-spacing-sm)',
  },
};

/**
 * Members of the root project; a pointer resting on one shows their details (built then, not with
 * the page: a card of floating logic per member made the page's opening longer), a click opens the
 * member profile.
 */
export function MembersCard({ rootUnitId, canManage }: { rootUnitId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading } = useMembers(rootUnitId);
  const [managing, setManaging] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="members-card">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h5">
          {t('MEMBER.Title')}
        </Title>
        {canManage && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUsers size={14} aria-hidden />}
            onClick={() => setManaging(true)}
          >
            {t('MEMBER.Manage.Button')}
          </Button>
        )}
      </Group>
      {managing && (
        <Suspense fallback={<DialogLoader />}>
          <ManageMembersDialog rootUnitId={rootUnitId} onClose={() => setManaging(false)} />
        </Suspense>
      )}
      {isLoading ? (
        <Skeleton h={120} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 2, xl: 3 }} spacing="xs">
          {data?.map((m) => (
            <Tooltip
              key={m.userID}
              label={<MemberPopup member={m} />}
              openDelay={200}
              position="bottom"
              w={280}
              multiline
              styles={memberPopupStyles}
            >
              <UnstyledButton
                onClick={() => navigate(`/home/app/project/memberprofile/${rootUnitId}/${m.userID}`)}
                p={6}
                style={{ borderRadius: 'var(--mantine-radius-md)', textAlign: 'center' }}
                data-testid="member-tile"
              >
                <Stack gap={4} align="center" opacity={m.isActive ? 1 : 0.6}>
                  <MemberAvatar member={m} />
                  <Text size="xs" lineClamp={2}>
                    {memberName(m, t('MEMBER.Unnamed'))}
                  </Text>
                  {!m.isActive && (
                    <Badge size="xs" color="gray" variant="light">
                      {t('MEMBER.Inactive')}
                    </Badge>
                  )}
                  {/* The name is what the tile shows plus this hint: voice control users say what they see. */}
                  <VisuallyHidden>{t('MEMBER.OpenProfileHint')}</VisuallyHidden>
                </Stack>
              </UnstyledButton>
            </Tooltip>
          ))}
        </SimpleGrid>
      )}
      {data && <PendingInvitations members={data} />}
    </Card>
  );
}
