// A panel view whose code is loaded when it is first needed, in a chunk of its own: the first paint loads only the
// editor and the views it shows at once (Problems, Tests). `preload()` fetches the code without drawing the view
// (the page does it once idle, so the first click on a tab does not wait for the network).
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export interface LazyView<P> {
  /** draws the view once it has been shown (`show`), and keeps it drawn after, hidden or not */
  View: ComponentType<P & { show: boolean }>;
  preload(): Promise<unknown>;
}

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a failed fetch (the page went offline mid-load) may be tried again
        throw error;
      },
    );
    return loading;
  };
  function View(props: P & { show: boolean }) {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [opened, setOpened] = useState(props.show);
    const [failed, setFailed] = useState<string | null>(null);
    useEffect(() => {
      if (props.show && !opened) setOpened(true);
    }, [props.show]);
    useEffect(() => {
      if (!opened || component) return;
      preload().then(
        (c) => setComponent(() => c),
        (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)),
      );
    }, [opened]);
    if (!opened) return null;
    if (failed) return <p class="diag error pad">This view did not load ({failed}); reload the page.</p>;
    if (!component) return <p class="muted pad">Loading…</p>;
    const { show: _show, ...rest } = props;
    const Loaded = component;
    return <Loaded {...(rest as unknown as P)} />;
  }
  return { View, preload };
}
