import { useSyncExternalStore } from 'react';

// The primary pointer is a finger (decision 048): a phone or a tablet, where keyboard hints do not
// apply. A touch laptop's primary pointer is its touchpad or mouse, so it keeps them.
const TOUCH_SCREEN = '(pointer: coarse)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_SCREEN) : null);

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the device's primary pointer is a touch screen; follows a change (a tablet docked to a keyboard). */
export function useIsTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false, () => false);
}
