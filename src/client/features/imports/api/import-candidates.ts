import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importPreview, importRefused, importResult, type ImportKind, type ImportPreview } from '@/contracts/imports';
import { ApiError, apiRequest, readJson } from '@/client/lib/api';
import { jobInterviewsUrl, screeningCandidatesUrl, urlKey } from '@/client/lib/shared-reads';

/** What the candidates are imported into: a job's interviews or a phone screening's calls. */
export interface ImportTarget {
  kind: ImportKind;
  id: number;
}

const base = ({ kind, id }: ImportTarget) => (kind === 'job' ? `/api/job/${id}/import` : `/api/phone-screening/${id}/import`);

/** POST …/import/preview: every row with its errors; nothing is created. */
export function useImportPreview(target: ImportTarget) {
  return useMutation({
    mutationFn: async (csv: string) => readJson(await apiRequest('POST', `${base(target)}/preview`, { csv }), importPreview),
  });
}

/** The rows of an import the server refused for them (400 IMPORT_ROWS_INVALID, the preview in its details); null for any other failure. */
export function refusedRows(error: unknown): ImportPreview | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  try {
    const parsed = importRefused.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data.details : null;
  } catch {
    return null;
  }
}

/** POST …/import, then refresh the list the candidates went into (and, for a job, the dashboard's counts). */
export function useImportCandidates(target: ImportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { csv: string; sendInvitations: boolean }) =>
      readJson(await apiRequest('POST', base(target), target.kind === 'job' ? input : { csv: input.csv }), importResult),
    onSuccess: async () => {
      await Promise.all(
        target.kind === 'job'
          ? [queryClient.invalidateQueries({ queryKey: urlKey(jobInterviewsUrl(target.id)) }), queryClient.invalidateQueries({ queryKey: ['/api/job'], exact: true })]
          : [queryClient.invalidateQueries({ queryKey: urlKey(screeningCandidatesUrl(target.id)) })],
      );
    },
  });
}
