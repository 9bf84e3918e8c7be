/** Leading list markers models add although asked not to: "1.", "2)", "-", "•", "Q3:". */
const LIST_MARKER = /^\s*(?:(?:q(?:uestion)?\s*)?\d{1,2}\s*[.):-]|[-*•])\s+/i;

/** Whitespace collapsed, list markers and wrapping quotes removed. */
export function cleanLine(text: string): string {
  return text
    .replace(LIST_MARKER, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["“](.*)["”]$/u, '$1')
    .trim();
}

/** Cleaned, blank entries dropped, duplicates (ignoring case and punctuation) dropped, first kept. */
export function uniqueLines(lines: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of lines) {
    const text = cleanLine(line);
    const key = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

/** Job text for a prompt, fenced so that instructions inside it read as data. */
export function fenced(tag: string, text: string | undefined): string {
  const body = (text ?? '').split(`</${tag}>`).join('').trim();
  return `<${tag}>\n${body === '' ? '(not given)' : body}\n</${tag}>`;
}
