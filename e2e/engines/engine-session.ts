/**
 * What the Firefox and WebKit candidate tests need of a browser, whatever drives it (puppeteer over
 * WebDriver BiDi for Firefox, plain W3C WebDriver for WebKit): open a page, run a function in it,
 * and click or type into an element found by its role and accessible name, as a user would.
 */
import { existsSync } from 'node:fs';

/** An element as the tests find it: its ARIA role (or tag) and its accessible name. */
export interface ElementQuery {
  /** 'button', 'checkbox', 'textbox' (textarea or text input), 'heading', or a CSS selector starting with a tag or '['. */
  role: string;
  /** The accessible name (aria-label, aria-labelledby, <label>, or the text), whitespace collapsed. */
  name: string | RegExp;
}

/** A query sent into the page (a RegExp does not survive JSON). */
export interface WireQuery {
  role: string;
  name: string;
  regex: boolean;
}

export const toWire = (query: ElementQuery): WireQuery =>
  typeof query.name === 'string' ? { role: query.role, name: query.name, regex: false } : { role: query.role, name: query.name.source, regex: true };

/**
 * Runs in the page: the first visible element matching the query, or null. Self-contained (it is
 * sent as source text to the browser).
 */
export function locateInPage(query: WireQuery): Element | null {
  const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const nameOf = (el: Element): string => {
    const label = el.getAttribute('aria-label');
    if (label) return collapse(label);
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return collapse(byIds(labelledBy));
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return collapse([...labels].map((l) => l.textContent).join(' '));
    return collapse(el.textContent);
  };
  const selectors: Record<string, string> = {
    button: 'button, [role="button"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    textbox: 'textarea, input:not([type]), input[type="text"], [role="textbox"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
  };
  const selector = selectors[query.role] ?? query.role;
  const matches = (name: string) => (query.regex ? new RegExp(query.name).test(name) : name === query.name);
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  return [...document.querySelectorAll(selector)].find((el) => visible(el) && matches(nameOf(el))) ?? null;
}

export interface EngineSession {
  /** 'Firefox 153.8.0esr', 'WebKit (MiniBrowser) 2.50.6'. */
  readonly description: string;
  /** Opens `url` and waits for its load. */
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page with JSON `args`, awaits what it returns, and gives it back as JSON. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<Awaited<T>>;
  /** Clicks the element the query finds (fails when there is none). */
  click(query: ElementQuery): Promise<void>;
  /** Focuses the element the query finds and types `text` key by key. */
  type(query: ElementQuery, text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A browser the test needs is not installed: fails the test with this one line (what to install),
 * not with a stack trace.
 */
export class MissingBrowserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingBrowserError';
    this.stack = `${this.name}: ${message}`;
  }
}

/** The first of `paths` that exists, or throws the one-line MissingBrowserError `install`. */
export function requireBinary(paths: (string | undefined)[], install: string): string {
  const found = paths.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new MissingBrowserError(install);
  return found;
}

/** Waits until `check` in the page returns something other than null/undefined/false. */
export async function waitInPage<T, A extends unknown[]>(
  session: EngineSession,
  what: string,
  check: (...args: A) => T | null | undefined | false | Promise<T | null | undefined | false>,
  args: A,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await session.evaluate(check, ...args);
      if (value !== null && value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > until) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      const shown = await session.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400)).catch(() => '?');
      throw new Error(`${session.description}: timed out after ${timeoutMs} ms waiting for ${what}${detail}; the page shows: '${shown}'`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
