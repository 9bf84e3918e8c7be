/** Matches the placeholder a question may carry: `candidate_name`, bare or in one or two pairs of braces. */
const CANDIDATE_NAME = /\{\{?\s*candidate_name\s*\}?\}|\bcandidate_name\b/gi;

/** Puts the candidate's name into a question (or 'candidate' when the name is unknown). */
export function personalise(text: string, candidateName: string | undefined): string {
  const name = candidateName?.trim() || 'candidate';
  return text.replace(CANDIDATE_NAME, name);
}
