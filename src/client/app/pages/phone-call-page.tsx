import { useParams, useSearch } from 'wouter';
import { recordIdFrom } from '@/contracts/record-ids';
import { CandidateCall } from '@/client/features/phone-screenings/components/call-page';

/** The candidate's personal call link: /phone-call/{candidateId}?token=… (public; the token is the access). */
export function PhoneCallPage() {
  const { candidateId } = useParams<{ candidateId: string }>();
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  return <CandidateCall key={`${candidateId}:${token}`} candidateId={recordIdFrom(candidateId)} token={token} />;
}
