import { lazy, useState, type ComponentType, type JSX } from 'react';

export interface LazyPage<P extends object> {
  (props: P): JSX.Element;
  /** Starts loading the page's chunk (once); resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A route page in its own chunk, loaded when it is first rendered (the nearest Suspense boundary
 * shows meanwhile) or earlier with `preload()`. A page whose chunk has already arrived renders at
 * once: React.lazy would suspend for one more tick and flash the fallback.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a chunk that failed to arrive may be asked for again
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  Page.preload = preload;
  return Page;
}

/**
 * For pages that validate with zod (forms, checked answers): the shared generic messages
 * ('Required', 'Invalid input') are configured before the page can render, so a message is the
 * same as when `zod-messages` was part of the entry. Pages without zod do not load it.
 */
export const withZodMessages =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> => {
    const [, page] = await Promise.all([import('@/contracts/zod-messages'), load()]);
    return page;
  };
