import { lazy, type ComponentType } from 'react';

/**
 * A component whose module is loaded when first needed (issue 12: what few pages show — forms
 * with their zod schemas — stays out of every page's first load). `load()` fetches the module;
 * once it is loaded, the component renders at once, without suspending. The server calls
 * `load()` when the module is evaluated, so its pages render the real thing in their HTML (no
 * fallback that only JavaScript would replace): they work without JavaScript. Render it without
 * a Suspense boundary of its own: React may stream a large boundary apart even when nothing
 * suspends, and only JavaScript shows it then.
 */
export function onDemand<Module, Props extends object>(
  importModule: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
) {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const load = (): Promise<Module> => {
    loading ??= importModule().then((module) => (loaded = module));
    return loading;
  };
  const Component = lazy((): Promise<{ default: ComponentType<Props> }> => {
    if (loaded === undefined) return load().then((module) => ({ default: pick(module) }));
    const ready = { default: pick(loaded) };
    // React's lazy() resolves a thenable that calls back at once synchronously: no suspending
    // (and so no streamed fallback) once the module is here.
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as Promise<
      typeof ready
    >;
  });
  if (import.meta.env.SSR) void load();
  return { Component, load };
}
