import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBook, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiTokenInputSchema,
  TOKEN_SCOPES,
  type ApiToken,
  type CreatedApiToken,
  type TokenScope,
} from '../../../../shared/schemas/machine-access';
import { confirmAction } from '../../../components/confirm';
import { FormDialog } from '../../../components/form-dialog';
import { PageLoader } from '../../../components/page-loader';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifyError, notifySuccess } from '../../../lib/notify';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/machine-access';

const expiries = ['never', '30', '90', '365'] as const;
const stateColor: Record<ApiToken['state'], string> = { active: 'teal.9', expired: 'gray.7', revoked: 'red.8' };

/**
 * home/app/admin/api-tokens: the tenant's API tokens for other systems. A new token's secret is
 * shown once with a copy button; revoking asks first.
 */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const askRevoke = async (token: ApiToken) => {
    const ok = await confirmAction({
      title: t('ADMIN.ApiTokens.RevokeTitle'),
      message: t('ADMIN.ApiTokens.RevokeText', { name: token.name }),
      confirmLabel: t('ADMIN.ApiTokens.Revoke'),
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(token.tokenID, {
      onSuccess: () => notifySuccess(t('ADMIN.ApiTokens.Revoked')),
      onError: (e) => notifyError(e),
    });
  };

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
        <Table.ScrollContainer minWidth={800}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ADMIN.ApiTokens.Name')}</Table.Th>
                <Table.Th>{t('ADMIN.ApiTokens.Scopes')}</Table.Th>
                <Table.Th>{t('ADMIN.ApiTokens.State')}</Table.Th>
                <Table.Th>{t('ADMIN.ApiTokens.CreatedAt')}</Table.Th>
                <Table.Th>{t('ADMIN.ApiTokens.ExpiresAt')}</Table.Th>
                <Table.Th>{t('ADMIN.ApiTokens.LastUsed')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('ADMIN.ApiTokens.Revoke')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.map((token) => (
                <Table.Tr key={token.tokenID}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {token.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {token.hint}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {token.scopes.map((s) => (
                        <Badge key={s} variant="outline" color="gray.8" radius="sm" tt="none">
                          {t(`ADMIN.ApiTokens.Scope.${s}`, { nsSeparator: false })}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={stateColor[token.state]}
                      variant="filled"
                      radius="sm"
                      style={{ minWidth: 'max-content' }}
                    >
                      {t(`ADMIN.ApiTokens.StateName.${token.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{fmt.dateTime(token.createdAt)}</Text>
                    {token.createdBy && (
                      <Text size="xs" c="dimmed">
                        {token.createdBy}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{token.expiresAt ? fmt.dateTime(token.expiresAt) : t('ADMIN.ApiTokens.NoExpiry')}</Table.Td>
                  <Table.Td>
                    {token.lastUsedAt ? fmt.dateTime(token.lastUsedAt) : t('ADMIN.ApiTokens.NeverUsed')}
                  </Table.Td>
                  <Table.Td>
                    {token.state === 'active' && (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.8"
                        onClick={() => void askRevoke(token)}
                        aria-label={`${t('ADMIN.ApiTokens.Revoke')}: ${token.name}`}
                      >
                        {t('ADMIN.ApiTokens.Revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateTokenDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          setCreated(c);
        }}
      />
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={t('ADMIN.ApiTokens.SecretTitle')}
        closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
        size="lg"
        centered
      >
        {created && (
          <Stack>
            <Alert color="orange" icon={<IconKey size={18} />}>
              {t('ADMIN.ApiTokens.SecretText')}
            </Alert>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                readOnly
                label={created.token.name}
                value={created.secret}
                ff="monospace"
                onFocus={(e) => e.currentTarget.select()}
                data-testid="new-token-secret"
              />
              <CopyButton value={created.secret}>
                {({ copied, copy }) => (
                  <Button
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    color={copied ? 'teal.9' : undefined}
                    onClick={copy}
                  >
                    {t(copied ? 'ADMIN.ApiTokens.Copied' : 'ADMIN.ApiTokens.Copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCreated(null)}>
                {t('ADMIN.ApiTokens.Done')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

function CreateTokenDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [expiry, setExpiry] = useState<(typeof expiries)[number]>('90');
  // The expiry is reckoned from the moment of saving.
  const inputAt = (now: number) => ({
    name,
    scopes,
    expiresAt: expiry === 'never' ? null : new Date(now + Number(expiry) * 86_400_000).toISOString(),
  });
  const parsed = apiTokenInputSchema.safeParse({ name, scopes, expiresAt: null });
  const close = () => {
    setName('');
    setScopes([]);
    setExpiry('90');
    create.reset();
    onClose();
  };
  return (
    <FormDialog
      opened={opened}
      title={t('ADMIN.ApiTokens.Create')}
      onClose={close}
      onSubmit={() =>
        create.mutate(inputAt(Date.now()), {
          onSuccess: (c) => {
            setName('');
            setScopes([]);
            create.reset();
            onCreated(c);
          },
        })
      }
      submitting={create.isPending}
      valid={parsed.success}
      error={create.error}
    >
      <TextInput
        label={t('ADMIN.ApiTokens.Name')}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={200}
        data-autofocus
      />
      <Checkbox.Group
        label={t('ADMIN.ApiTokens.Scopes')}
        required
        value={scopes}
        onChange={(v) => setScopes(v as TokenScope[])}
      >
        <Stack gap={6} mt={6}>
          {TOKEN_SCOPES.map((s) => (
            <Checkbox key={s} value={s} label={`${t(`ADMIN.ApiTokens.Scope.${s}`, { nsSeparator: false })} (${s})`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Select
        label={t('ADMIN.ApiTokens.ExpiresAt')}
        value={expiry}
        onChange={(v) => setExpiry((v ?? '90') as (typeof expiries)[number])}
        allowDeselect={false}
        data={expiries.map((e) => ({
          value: e,
          label: e === 'never' ? t('ADMIN.ApiTokens.NoExpiry') : t('ADMIN.ApiTokens.InDays', { count: Number(e) }),
        }))}
      />
    </FormDialog>
  );
}
