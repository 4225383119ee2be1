import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '../../../../shared/schemas/machine-access';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  useDeleteWebhookEndpoint,
  useSaveWebhookEndpoint,
  useSendTestEvent,
  useWebhookSecret,
} from '../api/machine-access';

/**
 * What an admin does with one webhook endpoint: send a test event, show its secret, pause or
 * resume it, delete it; each reports failure, the test and the deletion success too.
 */
export function useWebhookEndpointActions(endpoint: WebhookEndpoint) {
  const { t } = useTranslation();
  const save = useSaveWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendTestEvent();
  const secret = useWebhookSecret();
  const id = endpoint.endpointID;
  return {
    secret: secret.data?.secret,
    showSecret: () => secret.mutate(id),
    testing: test.isPending,
    sendTest: () =>
      test.mutate(id, {
        onSuccess: () => notifySuccess(t('ADMIN.Webhooks.TestQueued')),
        onError: (e) => notifyError(e),
      }),
    pausing: save.isPending,
    togglePause: () =>
      save.mutate(
        {
          id,
          body: {
            url: endpoint.url,
            description: endpoint.description,
            events: endpoint.events,
            paused: !endpoint.pausedAt,
          },
        },
        { onError: (e) => notifyError(e) },
      ),
    remove: () =>
      remove.mutate(id, {
        onSuccess: () => notifySuccess(t('ADMIN.Webhooks.Deleted')),
        onError: (e) => notifyError(e),
      }),
  };
}
