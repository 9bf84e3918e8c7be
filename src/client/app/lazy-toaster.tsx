import { Component, Suspense, useState, type ReactNode } from 'react';
import { useToast } from '@/client/components/ui/use-toast';
import { lazyPage } from './lazy-page';

const Toaster = lazyPage(() => import('@/client/components/ui/toaster').then((m) => m.Toaster));

/** A toaster whose chunk could not be loaded shows nothing rather than taking the page down with it. */
class QuietBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

/**
 * The Toaster (Radix Toast, the largest part of the entry after React) is loaded with the first
 * toast rather than with every page: most visits, and every first paint, never show one. Once
 * mounted it stays, so later toasts show at once.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (toasts.length > 0 && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QuietBoundary>
  );
}
