/**
 * What a CV file really is, from its first bytes, never from its name or the browser's type
 * (docs/decisions/035-apply-pages.md): PDF, Word 97-2003 (OLE2), Word (a ZIP holding word/), or
 * plain UTF-8 text. Anything else is refused with CV_TYPE_MESSAGE.
 */

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');

export interface CvType {
  contentType: string;
  extension: string;
}

export function detectCvType(bytes: Buffer): CvType | null {
  if (bytes.length === 0) return null;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { contentType: 'application/pdf', extension: '.pdf' };
  if (bytes.subarray(0, 8).equals(OLE2)) return { contentType: 'application/msword', extension: '.doc' };
  // A .docx is a ZIP whose entries are named word/…: the names are stored in clear in the archive.
  if (bytes.subarray(0, 4).equals(ZIP)) {
    return bytes.includes('word/', 0, 'latin1') ? { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: '.docx' } : null;
  }
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { contentType: 'text/plain; charset=utf-8', extension: '.txt' };
  } catch {
    return null;
  }
}

/** The name a CV is stored and downloaded under: the candidate's, without paths or control characters, ending in its real type's extension. */
export function cvFileName(given: string | undefined, type: CvType): string {
  const base = (given ?? '')
    .split(/[\\/]/)
    .pop()!
    // Nothing a header value cannot carry: control characters and quotes go.
    .split('')
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  return `${base || 'cv'}${type.extension}`;
}
