import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

/**
 * A section hydrated after the rest of the page, in the background (issue 25: home's main-thread
 * work at load, decision 0072; the shop's header parts, footer and consent banner, decision 0081). The server renders it whole inside a `<Suspense>` boundary; React
 * hydrates a finished boundary apart from the page, at a low priority and in slices that yield to
 * the browser, instead of in the one long task that hydrates the page. A lazy component inside
 * (`lazyComponent`) holds the boundary's hydration until its module is loaded; the server's HTML
 * stays meanwhile.
 *
 * Until the section has hydrated its links and forms work as they do without JavaScript. A form
 * sent in that moment is held and sent again once the section has hydrated, so that it acts as
 * with JavaScript (in place, checked first); after REPLAY_WAIT_MS it is sent as it is.
 *
 * The boundary must stay inline in the server's HTML, or the section would need JavaScript to
 * show: `progressiveChunkSize: Infinity` in `entry.server.tsx`.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || hydrated.has(id)) return;
      event.preventDefault();
      const { submitter } = event;
      const until = Date.now() + REPLAY_WAIT_MS;
      const retry = () => {
        if (hydrated.has(id)) form.requestSubmit(submitter);
        else if (Date.now() > until) HTMLFormElement.prototype.submit.call(form);
        else setTimeout(retry, 50);
      };
      retry();
    };
    element.addEventListener('submit', onSubmit, true);
    return () => element.removeEventListener('submit', onSubmit, true);
  }, [id]);
  return (
    <div ref={wrapper}>
      <Suspense fallback={null}>
        {children}
        <HydratedMark id={id} />
      </Suspense>
    </div>
  );
}

/** How long a form sent before its section hydrated waits for it before it is sent as it is. */
const REPLAY_WAIT_MS = 5000;

/** The sections (by id) whose content has hydrated or rendered in the browser. */
const hydrated = new Set<string>();

function HydratedMark({ id }: { id: string }) {
  useLayoutEffect(() => {
    hydrated.add(id);
    return () => {
      hydrated.delete(id);
    };
  }, [id]);
  return null;
}

/**
 * A component whose module is not among the page's first scripts: in the browser it starts
 * loading when the importing module runs and is evaluated on its own, after them (put it in a
 * `HydrateLater`). The server has it at once: `preload()` in a loader, so its first render never
 * suspends there.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded ??= await load();
  };
  const component = lazy(() =>
    loaded
      ? // Already here: a thenable that answers at once, so React renders without suspending.
        ({
          then: (resolve: (module: { default: ComponentType<P> }) => void) =>
            resolve({ default: loaded as ComponentType<P> }),
        } as Promise<{ default: ComponentType<P> }>)
      : load().then((value) => {
          loaded = value;
          return { default: value };
        }),
  );
  // The server loads it with the route module; the browser once the page's scripts have run.
  if (import.meta.env.SSR) void preload();
  else setTimeout(() => void preload().catch(() => undefined), 0);
  return Object.assign(component, { preload });
}
