import { useEffect, useState, type ComponentType } from 'react';
import { Spinner } from '../ui/Spinner';

export interface LazyScreen {
  /** The screen: a spinner until its code arrived, then the screen. */
  Screen: ComponentType;
  /** Loads the code (once); a failure is not kept, so a later call tries again. */
  load: () => Promise<ComponentType>;
}

/**
 * A screen in a chunk of its own. Unlike React.lazy it never suspends:
 * - code loaded before the screen mounts (the first screen's, awaited before the first render when
 *   the page announced it: main.tsx) renders in the same pass, where React.lazy would suspend once
 *   anyway (an import() settles in a later task) and show its fallback first;
 * - code that is still on its way shows a spinner and then the screen as soon as it arrives, where
 *   React holds a Suspense boundary's revealed content back for up to 300 ms after its fallback.
 * A failed load throws in render, so the error boundary shows it as for any screen that fails.
 */
export function lazyScreen(importer: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;

  const load = () => {
    loading ??= importer().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function Screen() {
    const [Loaded, setLoaded] = useState(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      load().then(
        (component) => live && setLoaded(() => component),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? <Loaded /> : <Spinner />;
  }

  return { Screen, load };
}
