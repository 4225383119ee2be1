import { Alert, Anchor, Avatar, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Member } from '../../../../shared/schemas/projects';
import { MemberAvatar } from '../../../components/user-avatar';
import { apiData } from '../../../lib/config';
import { useCurrentUser } from '../../../lib/current-user';
import { apiErrorText } from '../../../lib/notify';
import { useMemberProfile } from '../api/get-members';
import { logoId } from '../components/unit-header';
import { memberName, roleLabelKey } from '../../../lib/member-roles';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={110}>
        {label}
      </Text>
      <Text size="sm">{value || '–'}</Text>
    </Group>
  );
}

function CompanyLogo({ member, ownTenantId }: { member: Member; ownTenantId: number }) {
  const [failed, setFailed] = useState(false);
  // Only internal members carry the tenant's (or their sales organisation's) logo.
  if (!member.isInternal || member.tenantID !== ownTenantId || failed) {
    return (
      <Avatar radius="md" size="lg" color="gray">
        {(member.name ?? '?').slice(0, 2).toUpperCase()}
      </Avatar>
    );
  }
  return (
    <Image
      src={apiData(`tenantfiles/${logoId(member.tenantID, member.salesOrgID)}/thumbnail.png`)}
      alt=""
      h={48}
      w="auto"
      fit="contain"
      onError={() => setFailed(true)}
    />
  );
}

/** A project member's personal, contact and company data. */
export function MemberProfilePage() {
  const { t } = useTranslation();
  const params = useParams();
  const rootId = Number(params.rootUnitId);
  const userId = Number(params.userId);
  const { data: me } = useCurrentUser();
  const { data: m, error, isLoading } = useMemberProfile(rootId, userId);

  return (
    <Stack gap="md" data-testid="member-profile">
      <Anchor component={Link} to={`/home/app/project/details/${rootId}`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('MEMBER.BackToProject')}
        </Group>
      </Anchor>
      {error && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {apiErrorText(error)}
        </Alert>
      )}
      {isLoading && <Skeleton h={200} radius="md" />}
      {m && (
        <>
          <Title order={1} size="h2">
            {memberName(m, t('MEMBER.Unnamed'))}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h5" mb="md">
                {t('MEMBER.Personal')}
              </Title>
              <Group align="flex-start">
                <MemberAvatar member={m} size="xl" />
                <Stack gap={4}>
                  <Field label={t('MEMBER.FirstName')} value={m.firstName} />
                  <Field label={t('MEMBER.LastName')} value={m.lastName} />
                  <Field
                    label={t('MEMBER.RolesLabel')}
                    value={m.memberRoleKeys.map((r) => t(roleLabelKey(r))).join(', ')}
                  />
                </Stack>
              </Group>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h5" mb="md">
                {t('MEMBER.ContactData')}
              </Title>
              <Stack gap={4}>
                {m.email !== null && (
                  <Field label={t('MEMBER.Email')} value={<Anchor href={`mailto:${m.email}`}>{m.email}</Anchor>} />
                )}
                <Field label={t('MEMBER.Phone')} value={m.officePhone} />
                <Field label={t('MEMBER.Mobile')} value={m.companyMobile} />
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Group justify="space-between" mb="md">
                <Title order={2} size="h5">
                  {t('MEMBER.CompanyData')}
                </Title>
                <CompanyLogo member={m} ownTenantId={me?.tenantID ?? 0} />
              </Group>
              <Stack gap={4}>
                <Field label={t('MEMBER.CompanyName')} value={m.name} />
                <Field label={t('MEMBER.CompanyName2')} value={m.name2} />
                <Field label={t('MEMBER.Street1')} value={m.street1} />
                <Field label={t('MEMBER.Street2')} value={m.street2} />
                <Field label={t('MEMBER.Zip')} value={m.zip} />
                <Field label={t('MEMBER.City')} value={m.city} />
              </Stack>
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
