import { lazy, type ComponentType } from "react";

/**
 * Components that only some viewers see (a signed-in member's forms, the
 * profile owner's editor, a staff panel), in a chunk that other viewers never
 * download (decision 0035). Unlike a bare React.lazy they never make the
 * server suspend or stream: the server starts loading the module when this is
 * defined and a page loader can await `ready()`; once the module is there,
 * the components render synchronously (React.lazy accepts a thenable that
 * resolves at once). In the browser the module loads when first rendered, or
 * earlier with `ready()`; hydration keeps the server's HTML meanwhile, inside
 * the nearest <Suspense>.
 */
export interface LazyModule<Module> {
  /** A component of the module, by export name. */
  component<Name extends keyof Module>(name: Name): Module[Name];
  /** Resolves once the module is loaded (at once after the first time). */
  ready(): Promise<void>;
}

export interface LazyModuleOptions {
  /** Asked once in the browser when the module is defined: true starts loading at once (e.g. the server rendered a signed-in page that shows it). */
  readonly preloadIf?: () => boolean;
}

export function lazyModule<Module extends Record<string, unknown>>(
  load: () => Promise<Module>,
  options: LazyModuleOptions = {},
): LazyModule<Module> {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const start = (): Promise<Module> => {
    if (!loading) {
      const pending = load().then((module) => {
        loaded = module;
        return module;
      });
      loading = pending;
      // A chunk that failed is asked for again the next time.
      pending.catch(() => {
        if (loading === pending) loading = undefined;
      });
    }
    return loading;
  };
  if (typeof document === "undefined" || options.preloadIf?.() === true)
    void start().catch(() => undefined);
  return {
    component(name) {
      const pick = (module: Module): LoadedComponent => ({ default: module[name] as ComponentType<unknown> });
      return lazy(() => (loaded ? settled(pick(loaded)) : start().then(pick))) as Module[typeof name];
    },
    ready: () => start().then(() => undefined),
  };
}

/** What React.lazy takes from a module: the component as its default. */
interface LoadedComponent {
  readonly default: ComponentType<unknown>;
}

/**
 * A promise whose then() calls back at once: React.lazy checks whether the
 * thenable settled during the call, so a module already loaded renders
 * without suspending (the server never streams a fallback for it).
 */
function settled(value: LoadedComponent): Promise<LoadedComponent> {
  const promise = Promise.resolve(value);
  const later = promise.then.bind(promise);
  promise.then = (onFulfilled, onRejected) => (onFulfilled ? Promise.resolve(onFulfilled(value)) : later(onFulfilled, onRejected));
  return promise;
}
