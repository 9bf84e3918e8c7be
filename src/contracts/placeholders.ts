/** The placeholder a question may carry for the candidate's name: `candidate_name`, bare or in one or two pairs of braces (spec). */
const CANDIDATE_NAME = /\{\{?\s*candidate_name\s*\}?\}|\bcandidate_name\b/gi;

/** The question with the placeholder replaced by `name`. */
export const withCandidateName = (text: string, name: string) => text.replace(CANDIDATE_NAME, name);

/** How the recruiter's pages show the placeholder: as the candidate will hear it, a name (issue 31). */
export const CANDIDATE_NAME_SHOWN = "{candidate's name}";
