/** How a report names the engine that scored it, and why a stand-in engine was used: the interview report and the screening result. */
/** 'Evaluated by the built-in engine' / 'Evaluated by openai (gpt-4o-mini)'; null when the feedback does not say. */
export function engineLabel(feedback: { engine?: string | null; model?: string | null }): string | null {
  if (!feedback.engine) return null;
  if (feedback.engine === 'builtin') return 'Evaluated by the built-in engine';
  return `Evaluated by ${feedback.engine}${feedback.model ? ` (${feedback.model})` : ''}`;
}

/** Why the built-in engine wrote the report: the stored reason is '<engine>: <why>' (e.g. 'openai: timeout'). */
export function fallbackNote(feedback: { fallbackReason?: string | null }): string | null {
  const reason = feedback.fallbackReason?.trim();
  if (!reason) return null;
  const cut = reason.indexOf(':');
  const engine = cut > 0 ? reason.slice(0, cut).trim() : '';
  const why = (cut > 0 ? reason.slice(cut + 1) : reason).trim().replace(/_/g, ' ');
  return `The built-in engine stood in because ${engine || 'the configured model'} failed${why ? ` (${why})` : ''}.`;
}

/**
 * What a recruiter should know about the built-in engine's scores, measured on answers nobody tuned it
 * on (docs/decisions/014-score-scale-and-anchors.md, "Where the built-in engine stops"); null for a model.
 */
export function engineCaveat(feedback: { engine?: string | null }): string | null {
  if (feedback.engine !== 'builtin') return null;
  return 'The built-in engine judges how answers are told (specifics, the candidate\'s own actions and results), not whether the practice described is right. Check the evidence before relying on a score.';
}
