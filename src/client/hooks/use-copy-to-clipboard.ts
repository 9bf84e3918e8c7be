import { useCallback, useEffect, useRef, useState } from 'react';

/** Copy text to the clipboard; `isCopied` stays true for `resetAfterMs` afterwards. `copy` rejects when the browser refuses. */
export function useCopyToClipboard(resetAfterMs = 2000) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      // navigator.clipboard is missing outside secure contexts (plain http on another host).
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (!clipboard) throw new Error('The clipboard is not available');
      await clipboard.writeText(text);
      setIsCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setIsCopied(false), resetAfterMs);
    },
    [resetAfterMs],
  );

  return { isCopied, copy };
}
