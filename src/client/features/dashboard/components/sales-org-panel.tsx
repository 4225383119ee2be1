import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SalesOrganisation } from '../../../../shared/schemas/dashboard';
import { confirmAction } from '../../../components/confirm';
import { TenantLogo } from '../../../components/tenant-logo';
import { useCurrentUser } from '../../../lib/current-user';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSalesOrganisations } from '../api/get-sales-organisations';
import { useSendSalesOrgRequest } from '../api/send-sales-org-request';

function SalesOrgCard({ salesOrg }: { salesOrg: SalesOrganisation }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const send = useSendSalesOrgRequest();
  if (!user) return null;

  const request = async () => {
    const ok = await confirmAction({
      title: t('SALESORG.ConfirmTitle'),
      message: (
        <Stack gap="xs">
          <Text size="sm">{t('SALESORG.ConfirmMessage', { salesOrg: salesOrg.title })}</Text>
          <Text size="sm" c="dimmed">
            {t('SALESORG.ConfirmAdditional', { login: user.userLogin })}
          </Text>
        </Stack>
      ),
      confirmLabel: t('SALESORG.Confirm'),
      cancelLabel: t('SALESORG.Reject'),
      warning: true,
    });
    if (!ok || !salesOrg.contactMail) return;
    send.mutate(
      { user, recipient: salesOrg.contactMail },
      {
        onSuccess: () => notifySuccess(t('SALESORG.Sent', { salesOrg: salesOrg.title })),
        onError: (err) => notifyError(err, t('SALESORG.Failed')),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="sales-org-card">
      <Stack gap="sm" h="100%" justify="space-between">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600}>{salesOrg.title}</Text>
            {salesOrg.descript && (
              <Text size="sm" c="dimmed">
                {salesOrg.descript}
              </Text>
            )}
            {salesOrg.salesOrgUrl && (
              <Anchor href={salesOrg.salesOrgUrl} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} wrap="nowrap">
                  {t('SALESORG.Homepage')}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Stack>
          {salesOrg.hasImage && salesOrg.imageUrl && (
            <TenantLogo
              tenantID={user.tenantID}
              salesOrgID={salesOrg.salesOrgID}
              src={salesOrg.imageUrl}
              alt={t('SALESORG.LogoAlt', { title: salesOrg.title })}
              width={104}
              height={44}
            />
          )}
        </Group>
        <Button
          variant="light"
          leftSection={<IconMailForward size={18} aria-hidden />}
          onClick={request}
          loading={send.isPending}
          disabled={!salesOrg.contactMail}
        >
          {t('SALESORG.Request')}
        </Button>
      </Stack>
    </Card>
  );
}

/** Sales organisations of the tenant, each with a request for a new project; hidden when there are none. */
export function SalesOrgPanel() {
  const { t } = useTranslation();
  const { data } = useSalesOrganisations();
  if (!data || data.data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="sales-org-title" data-testid="sales-org-panel">
      <div>
        <Title order={2} size="h3" id="sales-org-title">
          {t('SALESORG.PanelTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('SALESORG.PanelText')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {data.data.map((so) => (
          <SalesOrgCard key={so.salesOrgID} salesOrg={so} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
