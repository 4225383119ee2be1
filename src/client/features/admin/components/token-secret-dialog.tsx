import { Alert, Button, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CreatedApiToken } from '../../../../shared/schemas/machine-access';
import { SecretField } from './secret-field';

/** A new token's secret, shown this once, with a copy button; the server keeps only its hash. */
export function TokenSecretDialog({ created, onClose }: { created: CreatedApiToken | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
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
            <SecretField
              style={{ flex: 1 }}
              label={created.token.name}
              value={created.secret}
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
            <Button variant="default" onClick={onClose}>
              {t('ADMIN.ApiTokens.Done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
