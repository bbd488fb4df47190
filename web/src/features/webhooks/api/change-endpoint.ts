import { type CallRequest, webhooks } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { WEBHOOKS_KEY } from './keys';

/** A change of endpoints or deliveries that refreshes every webhooks query after it. */
function useWebhooksMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
  });
}

/** Registers an endpoint; its secret is in the answer only, never in a cached query. */
export const useAddEndpoint = () =>
  useWebhooksMutation((input: CallRequest<typeof webhooks.addEndpoint>) =>
    callApi(webhooks.addEndpoint, input),
  );

export const useEditEndpoint = () =>
  useWebhooksMutation((input: CallRequest<typeof webhooks.editEndpoint>) =>
    callApi(webhooks.editEndpoint, input),
  );

export const useDeleteEndpoint = () =>
  useWebhooksMutation((endpointId: number) => callApi(webhooks.deleteEndpoint, { endpoint_id: endpointId }));

/** "Send again": the event goes to its endpoint once more. */
export const useRedeliver = () =>
  useWebhooksMutation((deliveryId: number) => callApi(webhooks.redeliver, { delivery_id: deliveryId }));
