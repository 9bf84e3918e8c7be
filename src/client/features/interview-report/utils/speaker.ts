const AI_SPEAKERS = new Set(['ai', 'ai interviewer', 'interviewer', 'assistant', 'bot', 'system', 'agent']);

/** The candidate is whoever is not the AI ('AI', 'AI Interviewer', 'assistant', …). */
export function isCandidateSpeaker(speaker: string): boolean {
  return !AI_SPEAKERS.has(speaker.trim().toLowerCase());
}
