import { transcriptEntry, type TranscriptEntry } from '../../../contracts/ai';

/**
 * Reads a stored transcript in any of the shapes the product has used: { transcript: [...] }, an
 * array of { speaker, text } or of single-entry { speaker: text } objects.
 */
export function transcriptEntries(stored: unknown): TranscriptEntry[] {
  const list = stored && typeof stored === 'object' && !Array.isArray(stored) && 'transcript' in stored ? (stored).transcript : stored;
  if (!Array.isArray(list)) return [];
  const out: TranscriptEntry[] = [];
  for (const item of list) {
    const parsed = transcriptEntry.safeParse(item);
    if (parsed.success) out.push(parsed.data);
    else if (item && typeof item === 'object') {
      const [key, value] = Object.entries(item as Record<string, unknown>)[0] ?? [];
      if (key && typeof value === 'string') out.push({ speaker: key.split('_')[0]!, text: value });
    }
  }
  return out;
}
