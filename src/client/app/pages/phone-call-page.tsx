import { useParams, useSearch } from 'wouter';
import { CandidateCall } from '@/client/features/phone-screenings/components/call-page';

/** The candidate's personal call link: /phone-call/{candidateId}?token=… (public; the token is the access). */
export function PhoneCallPage() {
  const { candidateId } = useParams<{ candidateId: string }>();
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const id = /^\d+$/.test(candidateId) ? Number(candidateId) : Number.NaN;
  return <CandidateCall key={`${candidateId}:${token}`} candidateId={Number.isSafeInteger(id) && id > 0 ? id : null} token={token} />;
}
