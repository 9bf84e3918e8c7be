import { useQuery } from '@tanstack/react-query';
import { applicationView } from '@/contracts/apply';
import { jsonQuery } from '@/client/lib/query-client';

/** Whose application: a video interview's candidate or a phone screening's. */
export type ApplicantRef = { kind: 'interview'; id: number } | { kind: 'phone_candidate'; id: number };

const url = (ref: ApplicantRef) => (ref.kind === 'interview' ? `/api/interview/${ref.id}/application` : `/api/phone-screening/candidates/${ref.id}/application`);

/** GET …/application: the cover note and CV the candidate sent from the apply page (null when they did not apply there). */
export function useApplication(ref: ApplicantRef) {
  return useQuery(jsonQuery(url(ref), applicationView));
}
