import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_EVENT_TYPES,
  webhookEndpointInputSchema,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../../shared/schemas/machine-access';
import { FormDialog } from '../../../components/form-dialog';
import { useSaveWebhookEndpoint } from '../api/machine-access';

/** Registers a webhook endpoint (with a secret of one's own, or one generated) or changes one. */
export function WebhookEndpointDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveWebhookEndpoint();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [secret, setSecret] = useState('');
  const body = { url, description, events, ...(secret.trim() && !endpoint ? { secret: secret.trim() } : {}) };
  const parsed = webhookEndpointInputSchema.safeParse(body);
  return (
    <FormDialog
      opened
      title={endpoint ? endpoint.url : t('ADMIN.Webhooks.Create')}
      onClose={onClose}
      onSubmit={() =>
        save.mutate(endpoint ? { id: endpoint.endpointID, body } : { id: null, body }, {
          onSuccess: () => onClose(),
        })
      }
      submitting={save.isPending}
      valid={parsed.success}
      error={save.error}
      size="lg"
    >
      <TextInput
        label={t('ADMIN.Webhooks.Url')}
        required
        type="url"
        placeholder="https://erp.example.com/planport"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        maxLength={2000}
        data-autofocus
      />
      <TextInput
        label={t('ADMIN.Webhooks.Description')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        maxLength={200}
      />
      <Checkbox.Group
        label={t('ADMIN.Webhooks.Events')}
        required
        value={events}
        onChange={(v) => setEvents(v as WebhookEventType[])}
      >
        <Stack gap={6} mt={6}>
          {WEBHOOK_EVENT_TYPES.map((e) => (
            <Checkbox key={e} value={e} label={e} />
          ))}
        </Stack>
      </Checkbox.Group>
      {!endpoint && (
        <TextInput
          label={t('ADMIN.Webhooks.Secret')}
          description={t('ADMIN.Webhooks.SecretHint')}
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
          maxLength={100}
          ff="monospace"
        />
      )}
    </FormDialog>
  );
}
