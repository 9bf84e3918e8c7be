import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * Where each page is scrolled (issue 29). A page opens at its top when a link or a redirect leads
 * to it (history.pushState, as wouter navigates), whatever the last page's scroll was; the page a
 * person comes back to (Back, Forward, a reload) opens where they left it. The browser's own
 * restoration cannot do the second: it scrolls before a lazily loaded page has its height, and
 * lands at the top. So each history entry is tagged with a key, its scroll is kept under that key
 * in sessionStorage, and it is put back once the page is tall enough (for up to RESTORE_MS).
 */

const RESTORE_MS = 3_000;
const STORAGE_PREFIX = 'scroll:';
let counter = 0;

const keyOf = (): string | undefined => (window.history.state as { scrollKey?: string } | null)?.scrollKey;

function tagEntry(): string {
  const scrollKey = `${Date.now().toString(36)}.${counter++}`;
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.replaceState({ ...state, scrollKey }, '');
  return scrollKey;
}

function savedScroll(key: string | undefined): number | null {
  if (!key) return null;
  try {
    const saved = Number(window.sessionStorage.getItem(STORAGE_PREFIX + key));
    return Number.isFinite(saved) && saved > 0 ? saved : null;
  } catch {
    return null;
  }
}

/** Scrolls to `y` as soon as the page is tall enough, unless the person scrolls first. Returns a cancel. */
function restore(y: number): () => void {
  const until = Date.now() + RESTORE_MS;
  const personal = ['wheel', 'touchstart', 'keydown'] as const;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of personal) window.removeEventListener(type, stop);
  };
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2 || Date.now() > until) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const type of personal) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}

export function useScrollRestoration(): void {
  const [location] = useLocation();
  const cancelRestore = useRef<() => void>(() => undefined);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const key = keyOf();
        try {
          if (key) window.sessionStorage.setItem(STORAGE_PREFIX + key, String(Math.round(window.scrollY)));
        } catch {
          // Storage refused (private mode, full): the place is simply not kept.
        }
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useLayoutEffect(() => {
    cancelRestore.current();
    // An entry this app has tagged is one the person comes back to (Back, Forward, a reload): it
    // opens where they were. One without a tag was just pushed by a link or a redirect: the top.
    if (keyOf()) {
      const y = savedScroll(keyOf());
      if (y !== null) cancelRestore.current = restore(y);
      return;
    }
    tagEntry();
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
}
