import { withCandidateName } from '@/contracts/placeholders';

/** Puts the candidate's name into a question (or 'candidate' when the name is unknown). */
export function personalise(text: string, candidateName: string | undefined): string {
  return withCandidateName(text, candidateName?.trim() || 'candidate');
}
