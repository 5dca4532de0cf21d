import { type ComponentType, lazy } from 'react';

export type Preloadable<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A component in its own chunk, through React.lazy (its Suspense fallback while it loads); `preload` fetches
 * the chunk before it renders. A component loaded before its first render is handed to React.lazy as a
 * thenable that answers at once, so that render shows it, not the fallback for a tick. (A wrapper that chose
 * between the loaded component and the lazy one per mount remounted pages under load: a typed e-mail address
 * was lost on /forgot-password. This is one React.lazy component whatever happens.)
 */
export function lazyPreloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
    });
  type Module = { default: ComponentType<P> };
  const Lazy = lazy((): Promise<Module> => {
    const component = loaded;
    if (!component) return load().then((c) => ({ default: c }));
    // React.lazy reads a thenable that calls back at once as a loaded component (its types ask for a Promise).
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy reads
    const ready = { then: (resolve: (module: Module) => void) => resolve({ default: component }) };
    return ready as unknown as Promise<Module>;
  }) as unknown as ComponentType<P>;
  return Object.assign(Lazy, { preload });
}
