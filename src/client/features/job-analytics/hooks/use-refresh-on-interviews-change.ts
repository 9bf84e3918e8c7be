import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { jobInterviewsUrl, urlKey } from '@/client/lib/shared-reads';
import { jobAnalyticsQuery, type JobId } from '../api/get-job-analytics';

/**
 * Refetches the analytics whenever the job's interview list is refreshed (an interview created, invitations
 * sent). Features do not import each other: the list's key comes from lib/shared-reads, which the
 * interviews feature builds its query from.
 */
export function useRefreshOnInterviewsChange(jobId: JobId) {
  const queryClient = useQueryClient();
  const interviewsKey = urlKey(jobInterviewsUrl(jobId));

  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const getUpdatedAt = useCallback(
    () => queryClient.getQueryState(interviewsKey)?.dataUpdatedAt ?? 0,
    [queryClient, interviewsKey],
  );
  const updatedAt = useSyncExternalStore(subscribe, getUpdatedAt, getUpdatedAt);

  const seen = useRef(updatedAt);
  useEffect(() => {
    if (seen.current === updatedAt) return;
    // The list's first load is the page loading, which already fetches the analytics.
    const isFirstLoad = seen.current === 0;
    seen.current = updatedAt;
    if (!isFirstLoad) void queryClient.invalidateQueries({ queryKey: jobAnalyticsQuery(jobId).queryKey, exact: true });
  }, [queryClient, jobId, updatedAt]);
}
