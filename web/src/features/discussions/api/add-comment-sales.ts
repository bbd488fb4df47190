import { type CallRequest, discussions } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { discussionsKeys } from './keys';

export type AddCommentSalesInput = CallRequest<typeof discussions.addCommentSales>;

export function addCommentSales(input: AddCommentSalesInput) {
  return callApi(discussions.addCommentSales, input);
}

export function useAddCommentSales() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCommentSales,
    onSuccess: async (_result, input) => {
      await queryClient.invalidateQueries({ queryKey: discussionsKeys.order('sales', input.sales_head_id) });
    },
  });
}
