import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyPageState, type ApplyKind } from '@/contracts/apply';
import { apiRequest, readJson } from '@/client/lib/api';
import { jsonQuery } from '@/client/lib/query-client';

/** Whose application page: a job's or a phone screening's. */
export interface ApplyTarget {
  kind: ApplyKind;
  id: number;
}

const url = ({ kind, id }: ApplyTarget) => (kind === 'job' ? `/api/job/${id}/apply-page` : `/api/phone-screening/${id}/apply-page`);

/** GET …/apply-page. The key is the URL. */
export const applyPageQuery = (target: ApplyTarget) => jsonQuery(url(target), applyPageState);

export function useApplyPage(target: ApplyTarget) {
  return useQuery(applyPageQuery(target));
}

/** PUT …/apply-page {enabled}: the answer is the page's new state. */
export function useSetApplyPage(target: ApplyTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) => readJson(await apiRequest('PUT', url(target), { enabled }), applyPageState),
    onSuccess: (state) => queryClient.setQueryData(applyPageQuery(target).queryKey, state),
  });
}
