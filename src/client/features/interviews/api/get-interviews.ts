import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { interviewListItem } from '@/contracts/interviews';
import { jsonQuery } from '@/client/lib/query-client';
import { jobInterviewsUrl, type JobId } from '@/client/lib/shared-reads';

export type { JobId } from '@/client/lib/shared-reads';

const interviewList = z.array(interviewListItem);

/** GET /api/job/{jobId}/interview. The key is the URL. */
export function interviewsQuery(jobId: JobId) {
  return jsonQuery(jobInterviewsUrl(jobId), interviewList);
}

/** The job's interviews; nothing is fetched until there is a job id. */
export function useInterviews(jobId: JobId | undefined) {
  return useQuery({ ...interviewsQuery(jobId ?? ''), enabled: jobId !== undefined && jobId !== '' });
}
