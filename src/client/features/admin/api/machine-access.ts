import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiToken,
  ApiTokenInput,
  CreatedApiToken,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
} from '../../../../shared/schemas/machine-access';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

const tokensKey = ['admin', 'api-tokens'] as const;
const endpointsKey = ['admin', 'webhook-endpoints'] as const;

export function useApiTokens() {
  return useQuery({ queryKey: tokensKey, queryFn: () => apiRequest<ApiToken[]>(apiData('api-tokens')) });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenInput) => apiRequest<CreatedApiToken>(apiData('api-tokens'), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<ApiToken>(apiData(`api-tokens/${id}/revoke`), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: endpointsKey,
    queryFn: () => apiRequest<WebhookEndpoint[]>(apiData('webhook-endpoints')),
  });
}

export function useWebhookDeliveries(endpointId: number) {
  return useQuery({
    queryKey: [...endpointsKey, endpointId, 'deliveries'],
    queryFn: () => apiRequest<WebhookDelivery[]>(apiData(`webhook-endpoints/${endpointId}/deliveries?limit=20`)),
  });
}

export type SaveEndpoint = { id: number; body: WebhookEndpointUpdate } | { id: null; body: WebhookEndpointInput };

/** Registers (answer with the secret) or changes an endpoint. */
function saveEndpoint(input: SaveEndpoint): Promise<WebhookEndpoint | { endpoint: WebhookEndpoint; secret: string }> {
  return input.id === null
    ? apiRequest(apiData('webhook-endpoints'), { method: 'POST', body: input.body })
    : apiRequest(apiData(`webhook-endpoints/${input.id}`), { method: 'PUT', body: input.body });
}

export function useSaveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEndpoint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiData(`webhook-endpoints/${id}`), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useWebhookSecret() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ secret: string }>(apiData(`webhook-endpoints/${id}/secret`)),
  });
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ deliveryID: number }>(apiData(`webhook-endpoints/${id}/test`), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiData(`webhook-deliveries/${id}/resend`), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}
