import { Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '../../../../shared/schemas/machine-access';
import { useFormatters } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRevokeApiToken } from '../api/machine-access';
import { DangerConfirmButton } from './danger-confirm-button';

const stateColor: Record<ApiToken['state'], string> = { active: 'teal.9', expired: 'gray.7', revoked: 'red.8' };

/** The tenant's API tokens: name and hint, scopes, state, dates; an active one can be revoked (after a confirm). */
export function ApiTokensTable({ tokens }: { tokens: ApiToken[] }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const revoke = useRevokeApiToken();
  return (
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
          {tokens.map((token) => (
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
                <Badge color={stateColor[token.state]} variant="filled" radius="sm" style={{ minWidth: 'max-content' }}>
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
              <Table.Td>{token.lastUsedAt ? fmt.dateTime(token.lastUsedAt) : t('ADMIN.ApiTokens.NeverUsed')}</Table.Td>
              <Table.Td>
                {token.state === 'active' && (
                  <DangerConfirmButton
                    label={t('ADMIN.ApiTokens.Revoke')}
                    aria-label={`${t('ADMIN.ApiTokens.Revoke')}: ${token.name}`}
                    title={t('ADMIN.ApiTokens.RevokeTitle')}
                    message={t('ADMIN.ApiTokens.RevokeText', { name: token.name })}
                    onConfirm={() =>
                      revoke.mutate(token.tokenID, {
                        onSuccess: () => notifySuccess(t('ADMIN.ApiTokens.Revoked')),
                        onError: (e) => notifyError(e),
                      })
                    }
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
