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

function keep(key: string | undefined, y: number): void {
  if (!key) return;
  try {
    window.sessionStorage.setItem(STORAGE_PREFIX + key, String(Math.round(y)));
  } catch {
    // Storage refused (private mode, full): the place is simply not kept.
  }
}

export function useScrollRestoration(): void {
  const [location] = useLocation();
  const cancelRestore = useRef<() => void>(() => undefined);
  // The entry the page on screen belongs to. Scroll events arrive a frame late, and a link can push
  // a new entry in between: the place is kept under the page's own entry, not whatever history holds.
  const shownKey = useRef<string | undefined>(undefined);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => keep(shownKey.current, window.scrollY);
    // Leaving by a link or a redirect: the place is kept as it is at that moment, before the next
    // page is drawn (a scroll event would come after it, or not at all).
    const pushState = window.history.pushState.bind(window.history);
    const keepThenPush: History['pushState'] = (...args) => {
      keep(shownKey.current, window.scrollY);
      pushState(...args);
    };
    window.history.pushState = keepThenPush;
    // Leaving by Back or Forward: history already holds the next entry; unless the next page has
    // been drawn already, the place on screen is still the one being left.
    const onPopState = () => {
      if (shownKey.current !== keyOf()) keep(shownKey.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('popstate', onPopState);
    return () => {
      if (window.history.pushState === keepThenPush) window.history.pushState = pushState;
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('popstate', onPopState);
    };
  }, []);

  useLayoutEffect(() => {
    cancelRestore.current();
    // An entry this app has tagged is one the person comes back to (Back, Forward, a reload): it
    // opens where they were. One without a tag was just pushed by a link or a redirect: the top.
    const key = keyOf();
    if (key) {
      shownKey.current = key;
      const y = savedScroll(key);
      if (y !== null) cancelRestore.current = restore(y);
      return;
    }
    shownKey.current = tagEntry();
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
}
