import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { phoneScreening, screeningCandidate, type CreatePhoneScreeningInput, type UpdatePhoneScreeningInput } from '@/contracts/phone-screenings';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson, throwIfResNotOk } from '@/client/lib/api';
import { jsonQuery } from '@/client/lib/query-client';
import { phoneScreeningsQuery } from './get-phone-screenings';
import { screeningCandidatesUrl } from './screening-urls';

const candidateList = z.array(screeningCandidate);

/** GET /api/phone-screening/{id}. */
export function phoneScreeningQuery(id: number | string) {
  return jsonQuery(`/api/phone-screening/${id}`, phoneScreening);
}

export function usePhoneScreening(id: number | string) {
  return useQuery(phoneScreeningQuery(id));
}

/** GET /api/phone-screening/{id}/candidates. */
export function screeningCandidatesQuery(id: number | string) {
  return jsonQuery(screeningCandidatesUrl(id), candidateList);
}

export function useScreeningCandidates(id: number | string) {
  return useQuery(screeningCandidatesQuery(id));
}

/** POST /api/phone-screening. Toasts the outcome and refreshes the dashboard list. */
export function useCreatePhoneScreening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: CreatePhoneScreeningInput) =>
      readJson(await apiRequest('POST', '/api/phone-screening', values), phoneScreening),
    onSuccess: async (screening) => {
      queryClient.setQueryData(phoneScreeningQuery(screening.id).queryKey, screening);
      toast({ title: 'Phone screening created', description: 'Your phone screening has been created successfully.' });
      await queryClient.invalidateQueries({ queryKey: phoneScreeningsQuery.queryKey });
    },
    onError: () => {
      toast({ title: 'Failed to create phone screening', description: 'Please try again later.', variant: 'destructive' });
    },
  });
}

/** PATCH /api/phone-screening/{id}/questions. The answer replaces the cached screening. */
export function useUpdateScreeningQuestions(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (questions: string[]) =>
      readJson(await apiRequest('PATCH', `/api/phone-screening/${id}/questions`, { questions }), phoneScreening),
    onSuccess: async (screening) => {
      queryClient.setQueryData(phoneScreeningQuery(id).queryKey, screening);
      toast({ title: 'Questions updated', description: 'Phone screening questions have been updated successfully.' });
      await queryClient.invalidateQueries({ queryKey: phoneScreeningsQuery.queryKey });
    },
    onError: () => {
      toast({ title: 'Failed to update questions', description: 'Please try again later.', variant: 'destructive' });
    },
  });
}

/** PATCH /api/phone-screening/{id}: the agent's name. Errors are shown by the form, next to the field. */
export function useUpdatePhoneScreening(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: UpdatePhoneScreeningInput) => readJson(await apiRequest('PATCH', `/api/phone-screening/${id}`, values), phoneScreening),
    onSuccess: (screening) => {
      queryClient.setQueryData(phoneScreeningQuery(id).queryKey, screening);
      toast({ title: 'Agent name updated', description: `The AI agent will introduce itself as ${screening.agentName}.` });
    },
  });
}

/** The Content-Type the rubric route reads a file as: JSON by name or type, CSV otherwise. */
export const rubricFileType = (file: File) => (/\.json$/i.test(file.name) || file.type === 'application/json' ? 'application/json' : 'text/csv');

/** PUT /api/phone-screening/{id}/rubric with the file itself as the body. Errors are shown by the card, under the button. */
export function useUploadScreeningRubric(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const res = await fetch(`/api/phone-screening/${id}/rubric`, { method: 'PUT', headers: { 'Content-Type': rubricFileType(file) }, body: file, credentials: 'include' });
      await throwIfResNotOk(res);
      return readJson(res, phoneScreening);
    },
    onSuccess: (screening, file) => {
      queryClient.setQueryData(phoneScreeningQuery(id).queryKey, screening);
      const count = screening.rubric?.length ?? 0;
      toast({ title: 'Rubric uploaded', description: `${count} ${count === 1 ? 'criterion' : 'criteria'} from ${file.name} will score this screening's calls.` });
    },
  });
}

/** POST /api/phone-screening/{id}/rubric/regenerate: back to a rubric the AI writes for the role. */
export function useRegenerateScreeningRubric(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('POST', `/api/phone-screening/${id}/rubric/regenerate`), phoneScreening),
    onSuccess: (screening) => {
      queryClient.setQueryData(phoneScreeningQuery(id).queryKey, screening);
      toast({ title: 'Rubric replaced', description: "This screening's calls will be scored with the AI's rubric." });
    },
    onError: () => {
      toast({ title: 'Failed to use the AI rubric', description: 'Please try again later.', variant: 'destructive' });
    },
  });
}

/** What the candidate form sends (interviewTime is an ISO timestamp). */
export interface CandidatePayload {
  candidateName: string;
  countryCode: string;
  phoneNumber: string;
  timeZone: string;
  notes: string;
  interviewTime: string;
}

/** POST /api/phone-screening/{id}/candidates. */
export function useAddCandidate(screeningId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: CandidatePayload) =>
      readJson(await apiRequest('POST', `/api/phone-screening/${screeningId}/candidates`, { ...values, screeningId }), screeningCandidate),
    onSuccess: async () => {
      toast({ title: 'Candidate added', description: 'Candidate has been added to the phone screening.' });
      await queryClient.invalidateQueries({ queryKey: screeningCandidatesQuery(screeningId).queryKey });
    },
    onError: () => {
      toast({ title: 'Failed to add candidate', description: 'Please try again later.', variant: 'destructive' });
    },
  });
}

/** PATCH /api/phone-screening/candidates/{candidateId}. */
export function useUpdateCandidate(screeningId: number, candidateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: CandidatePayload) =>
      readJson(await apiRequest('PATCH', `/api/phone-screening/candidates/${candidateId}`, values), screeningCandidate),
    onSuccess: async () => {
      toast({ title: 'Candidate updated', description: 'Candidate information has been updated successfully.' });
      await queryClient.invalidateQueries({ queryKey: screeningCandidatesQuery(screeningId).queryKey });
    },
    onError: () => {
      toast({ title: 'Failed to update candidate', description: 'Please try again later.', variant: 'destructive' });
    },
  });
}
