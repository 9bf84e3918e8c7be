import { Component, Suspense, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { FullPageSpinner } from '@/client/features/auth/components/protected-route';

/**
 * Around the routes: the spinner while a page's chunk loads (it fills the screen as the pages do, so
 * nothing moves when the page replaces it), and a way out when a chunk cannot be loaded, e.g. the
 * connection dropped or a new version replaced the files this tab was built with.
 */
export class PageLoadBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  render() {
    if (this.state.hasFailed) {
      return (
        <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
          <div className="max-w-md space-y-4 text-center">
            <h1 className="text-xl font-semibold text-slate-900">This page could not be loaded</h1>
            <p role="alert" className="text-sm text-slate-600">
              Please check your connection and try again.
            </p>
            <Button onClick={() => window.location.reload()}>Try Again</Button>
          </div>
        </main>
      );
    }
    return <Suspense fallback={<FullPageSpinner />}>{this.props.children}</Suspense>;
  }
}
