import { type ComponentType, lazy, useState } from 'react';

/**
 * A component whose code is loaded apart, for a part a route's loader may load before the page
 * renders. React's `lazy` alone suspends on its first render even when the code is already
 * there (its promise settles a microtask later): the Suspense fallback is committed, then the
 * part, two renders and two layouts of the page where one would do. Here, code loaded before
 * (by `load`, or by an earlier render) renders at once; otherwise the component suspends until
 * it is in, as with `lazy`.
 */
export function preloadable<P extends object>(loadComponent: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const load = () =>
    loadComponent().then((component) => {
      loaded = component;
      return component;
    });
  const Suspending = lazy(() => load().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once per instance: one that suspended keeps rendering through `lazy`, which then
    // holds the same component; switching to it would mount the part again, a new element.
    const [Component] = useState(() => loaded ?? Suspending);
    return <Component {...props} />;
  }
  return { load, Component: Preloadable };
}
