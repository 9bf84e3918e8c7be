import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { AsyncDeflate, strToU8, Zip, ZipPassThrough } from 'fflate';

// The exports' ZIP, streamed (decision 021, "Exports"): entries are written one after another, text
// deflated by fflate's AsyncDeflate on a worker thread, and the producer waits while the worker or
// the response is behind, so what sits in memory is a page of rows, never the archive.

/** Source bytes a deflate worker may hold before the producer waits for it. */
const MAX_QUEUED_BYTES = 1 << 20;

/** The download was closed before it finished (the browser went away): the producer stops. */
export class DownloadClosed extends Error {
  constructor() {
    super('The download was closed before it finished');
    this.name = 'DownloadClosed';
  }
}

/**
 * A ZIP entry deflated on a worker thread. fflate's AsyncZipDeflate does the same but hides how much
 * source its worker still holds; this one says so (`room`), which is what back-pressure needs.
 */
class AsyncDeflateEntry extends ZipPassThrough {
  private readonly deflate: AsyncDeflate;
  /** Settles when the last compressed chunk has been handed to the archive. */
  readonly finished: Promise<void>;
  terminate: () => void;

  constructor(filename: string) {
    super(filename);
    this.compression = 8;
    let resolve: () => void = () => {};
    let reject: (err: Error) => void = () => {};
    this.finished = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    this.finished.catch(() => {}); // awaited later; a failure meanwhile is not "unhandled"
    this.deflate = new AsyncDeflate({ level: 6 }, (err, chunk, final) => {
      this.ondata(err, chunk, final);
      if (err) reject(err);
      else if (final) resolve();
    });
    this.terminate = () => this.deflate.terminate();
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    // The chunk's buffer is transferred to the worker: pushed chunks must own their buffer (strToU8's do).
    this.deflate.push(chunk, final);
  }

  /** Resolves once the worker holds less than MAX_QUEUED_BYTES of source (or rejects with `closed`). */
  async room(closed: Promise<never>): Promise<void> {
    while (this.deflate.queuedSize > MAX_QUEUED_BYTES) {
      await Promise.race([new Promise<void>((resolve) => (this.deflate.ondrain = () => resolve())), closed]);
    }
  }
}

/** Writes a ZIP to `stream` an entry at a time. */
export class ZipWriter {
  readonly stream = new PassThrough();
  private readonly zip: Zip;
  private readonly closed = new AbortController();
  /** Rejects with DownloadClosed when the response closes; every wait races it, so a producer never hangs. */
  private readonly whenClosed: Promise<never>;

  constructor() {
    this.whenClosed = new Promise<never>((_, reject) => this.closed.signal.addEventListener('abort', () => reject(new DownloadClosed()), { once: true }));
    this.whenClosed.catch(() => {});
    this.zip = new Zip((err, chunk, final) => {
      if (err) return void this.stream.destroy(err);
      this.stream.write(chunk);
      if (final) this.stream.end();
    });
    this.stream.once('close', () => this.closed.abort());
  }

  /** Waits while the response has not taken what was written. */
  private async drained(): Promise<void> {
    if (this.closed.signal.aborted) throw new DownloadClosed();
    if (this.stream.writableNeedDrain) await Promise.race([once(this.stream, 'drain'), this.whenClosed]);
  }

  /** A text entry, deflated: the text, or its pieces (a page of rows each, say) pushed as they come. */
  async text(filename: string, content: string | AsyncIterable<string>): Promise<void> {
    const entry = new AsyncDeflateEntry(filename);
    this.zip.add(entry);
    const pieces: AsyncIterable<string> =
      typeof content === 'string'
        ? (async function* () {
            yield content;
          })()
        : content;
    for await (const piece of pieces) {
      if (piece.length === 0) continue;
      entry.push(strToU8(piece));
      await entry.room(this.whenClosed);
      await this.drained();
    }
    entry.push(new Uint8Array(0), true);
    await Promise.race([entry.finished, this.whenClosed]);
    await this.drained();
  }

  /** An entry stored as it is (a recording: compressed already), streamed. */
  async stored(filename: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    const entry = new ZipPassThrough(filename);
    this.zip.add(entry);
    for await (const chunk of chunks) {
      entry.push(chunk);
      await this.drained();
    }
    entry.push(new Uint8Array(0), true);
  }

  /** Aborted when the download is closed; for work (a fetch) that should stop with it. */
  get signal(): AbortSignal {
    return this.closed.signal;
  }

  end(): void {
    this.zip.end();
  }

  fail(err: unknown): void {
    this.zip.terminate();
    this.stream.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}

/** Starts `produce` on a new ZIP and answers the stream at once; a failure ends the download with an error. */
export function zipStream(produce: (zip: ZipWriter) => Promise<void>): Readable {
  const zip = new ZipWriter();
  produce(zip).then(
    () => zip.end(),
    (err: unknown) => zip.fail(err),
  );
  return zip.stream;
}

/** A JSON array written a page at a time, one element per line. */
export async function* jsonArray<T>(pages: AsyncIterable<readonly T[]>): AsyncIterable<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield `${first ? '\n' : ',\n'}${page.map((item) => JSON.stringify(item)).join(',\n')}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** Rows read a page at a time by id (keyset), until a short page. */
export async function* pagesById<T extends { id: number }>(read: (afterId: number, limit: number) => Promise<T[]>, limit: number): AsyncIterable<T[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    after = rows.at(-1)!.id;
  }
}

/** Maps each page of rows (with extra lookups for the page, say). */
export async function* mapPages<T, U>(pages: AsyncIterable<T[]>, map: (page: T[]) => Promise<U[]> | U[]): AsyncIterable<U[]> {
  for await (const page of pages) yield await map(page);
}
