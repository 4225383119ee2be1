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
import { queryKeys } from '../../../lib/query-keys';

export function useApiTokens() {
  return useQuery({
    queryKey: queryKeys.admin.apiTokens(),
    queryFn: () => apiRequest<ApiToken[]>(apiData('api-tokens')),
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenInput) => apiRequest<CreatedApiToken>(apiData('api-tokens'), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.apiTokens() }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<ApiToken>(apiData(`api-tokens/${id}/revoke`), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.apiTokens() }),
  });
}

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: queryKeys.admin.webhookEndpoints(),
    queryFn: () => apiRequest<WebhookEndpoint[]>(apiData('webhook-endpoints')),
  });
}

export function useWebhookDeliveries(endpointId: number) {
  return useQuery({
    queryKey: queryKeys.admin.webhookDeliveries(endpointId),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhookEndpoints() }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiData(`webhook-endpoints/${id}`), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhookEndpoints() }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhookEndpoints() }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiData(`webhook-deliveries/${id}/resend`), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhookEndpoints() }),
  });
}
