import { type ComponentType, createElement, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: the same constraint React.lazy itself uses
type AnyComponent = ComponentType<any>;

export type Preloadable<C extends AnyComponent> = C & { preload: () => Promise<void> };

/**
 * React.lazy for a named export, with `preload()`. Once the module is loaded the component renders directly instead
 * of suspending: React throttles the reveal of every suspended boundary (about 300 ms), so a preloaded shell and home
 * page appear as soon as the session is ready.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): Preloadable<M[K]> {
  let loaded: M[K] | undefined;
  let pending: Promise<{ default: M[K] }> | undefined;
  const fetchIt = () => {
    pending ??= load().then((m) => {
      loaded = m[name];
      return { default: m[name] };
    });
    return pending;
  };
  const Lazy = lazy(fetchIt);
  const Component = ((props: object) =>
    createElement((loaded ?? Lazy) as AnyComponent, props)) as unknown as Preloadable<M[K]>;
  Component.preload = () => fetchIt().then(() => undefined);
  return Component;
}
