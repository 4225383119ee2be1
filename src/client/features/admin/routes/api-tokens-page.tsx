import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconBook, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedApiToken } from '../../../../shared/schemas/machine-access';
import { PageLoader } from '../../../components/page-loader';
import { apiErrorText } from '../../../lib/notify';
import { useApiTokens } from '../api/machine-access';
import { ApiTokensTable } from '../components/api-tokens-table';
import { CreateTokenDialog } from '../components/create-token-dialog';
import { TokenSecretDialog } from '../components/token-secret-dialog';

/**
 * home/app/admin/api-tokens: the tenant's API tokens for other systems. A new token's secret is
 * shown once with a copy button; revoking asks first.
 */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  if (tokens.isPending) return <PageLoader />;
  return (
    <Card withBorder radius="md" maw={1300}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          {t('ADMIN.ApiTokens.PageTitle')}
        </Title>
        <Group gap="xs">
          {/* The server's reference page of the API (Swagger UI), outside the app's client routes. */}
          <Button component="a" href="/api/reference" variant="default" leftSection={<IconBook size={16} />}>
            {t('ADMIN.ApiTokens.Reference')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('ADMIN.ApiTokens.Create')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt="xs" mb="md">
        {t('ADMIN.ApiTokens.Intro')}
      </Text>
      {tokens.isError ? (
        <Alert color="red">{apiErrorText(tokens.error)}</Alert>
      ) : tokens.data.length === 0 ? (
        <Text c="dimmed">{t('ADMIN.ApiTokens.Empty')}</Text>
      ) : (
        <ApiTokensTable tokens={tokens.data} />
      )}
      <CreateTokenDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          setCreated(c);
        }}
      />
      <TokenSecretDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
