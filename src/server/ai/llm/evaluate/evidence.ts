import type { Evidence, TranscriptEntry } from '../../../../contracts/ai';

const MAX_QUOTES_PER_CRITERION = 5;
const MIN_QUOTE_CHARS = 3;

/** The candidate's turns; an interviewer's words are never evidence about the candidate. */
export function candidateTurns(transcript: TranscriptEntry[]): TranscriptEntry[] {
  return transcript.filter((e) => e.speaker.trim().toLowerCase() === 'candidate');
}

/**
 * Keeps the quotes that are the candidate's own words and returns them as the transcript has
 * them, with the time of the turn they start in. Matching forgives only case, spacing and
 * typographic quote marks, so a paraphrase never passes as a quote.
 */
export function literalEvidence(quotes: string[], turns: TranscriptEntry[]): Evidence[] {
  let text = '';
  const starts: { offset: number; startMs?: number }[] = [];
  for (const turn of turns) {
    if (text !== '') text += '\n';
    starts.push({ offset: text.length, startMs: turn.startMs });
    text += turn.text;
  }

  const out: Evidence[] = [];
  const seen = new Set<string>();
  for (const quote of quotes) {
    const pattern = quotePattern(quote);
    const match = pattern ? pattern.exec(text) : null;
    if (!match) continue;
    const found = match[0].replace(/\s+/g, ' ');
    const key = found.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const turn = starts.findLast((s) => s.offset <= match.index);
    out.push(turn?.startMs !== undefined ? { quote: found, atMs: turn.startMs } : { quote: found });
    if (out.length === MAX_QUOTES_PER_CRITERION) break;
  }
  return out;
}

function quotePattern(quote: string): RegExp | null {
  const cleaned = quote
    .trim()
    .replace(/^["“”'‘’]+|["“”'‘’]+$/gu, '')
    .replace(/^(?:\.\.\.|…)\s*|\s*(?:\.\.\.|…)$/gu, '')
    // Speech transcripts often lack the full stop a model adds at the end of a quote.
    .replace(/[.,;:!?]+$/u, '')
    .trim();
  if (cleaned.length < MIN_QUOTE_CHARS) return null;
  const body = cleaned
    .split(/\s+/)
    .map((word) =>
      word
        .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
        .replace(/['‘’]/gu, "['‘’]")
        .replace(/["“”]/gu, '["“”]'),
    )
    .join('\\s+');
  return new RegExp(body, 'iu');
}
