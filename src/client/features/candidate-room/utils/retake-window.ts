/** How long after an answer ends the candidate may redo it (issue 32; decision 057). */
export const RETAKE_WINDOW_MS = 6_000;

/** What the browser tests may put on `window` before the app loads (an init script); the app never sets it. */
interface RoomTestSettings {
  /** A shorter retake window, so that an interview that is not about retakes is handed in soon after its last answer. */
  retakeWindowMs?: unknown;
}

/**
 * The retake window in this page: RETAKE_WINDOW_MS, unless a browser test set a shorter one in
 * `window.__hireloopRoomTest` (decision 057). Never longer than the product's window, and nothing in
 * the app sets it, so a candidate always gets RETAKE_WINDOW_MS.
 */
export function retakeWindowMs(): number {
  const settings = (window as unknown as { __hireloopRoomTest?: RoomTestSettings }).__hireloopRoomTest;
  const ms = settings?.retakeWindowMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && ms < RETAKE_WINDOW_MS ? ms : RETAKE_WINDOW_MS;
}
