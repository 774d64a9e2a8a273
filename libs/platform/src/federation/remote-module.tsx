import { Component, lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalRuntimeConfig } from '../config/runtime-config-context';
import { loadRemoteComponent, type RemoteLoader } from './load-remote-module';

export const DEFAULT_REMOTE_LOAD_TIMEOUT_MS = 10_000;
/** The edge's render of a first screen runs in Node (`@academy/platform/server`). */
const RENDERING_ON_SERVER = typeof window === 'undefined';
/** The English of the panel's title (`platform:federation.unavailable` in the language shown). */
export const REMOTE_UNAVAILABLE_MESSAGE = 'This part of the portal is not available right now';

export interface RemoteFallbackProps {
  error: Error;
  retry: () => void;
}

/** Friendly panel shown when a remote cannot be loaded; apps may pass a styled one (ErrorPanel from @academy/ui). */
export function RemoteUnavailablePanel({ retry }: RemoteFallbackProps) {
  const { t } = useTranslation('platform');
  return (
    <section className="remote-unavailable" role="alert" aria-live="assertive">
      <p>{t('federation.unavailablePanel')}</p>
      <button type="button" onClick={retry}>
        {t('federation.retry')}
      </button>
    </section>
  );
}

interface BoundaryProps {
  id: string;
  renderError: (props: RemoteFallbackProps) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a failed load (or a crash inside the remote) so the rest of the page keeps working. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[federation] ${this.props.id} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.renderError({ error: this.state.error, retry: this.props.onRetry });
    return this.props.children;
  }
}

function RemoteLoading() {
  const { t } = useTranslation('platform');
  return <p role="status">{t('federation.loading')}</p>;
}

export interface RemoteModuleProps<P extends object> {
  /** Federation id, e.g. `learner/App` or `info/TestimonialsSection`. */
  id: string;
  /** Defaults to the runtime config's remoteLoadTimeoutMs. */
  timeoutMs?: number;
  /** Test seam; must be a stable function (a new one per render would start a new load each time). */
  loader?: RemoteLoader;
  loading?: ReactNode;
  renderError?: (props: RemoteFallbackProps) => ReactNode;
  componentProps?: P;
}

/**
 * Renders an exposed module of a remote inside Suspense and an error boundary. Retry builds a new lazy
 * component: React.lazy remembers a failed or stalled promise, so reusing it would never load again.
 */
export function RemoteModule<P extends object = Record<string, never>>({
  id,
  timeoutMs,
  loader,
  loading = <RemoteLoading />,
  renderError = (props) => <RemoteUnavailablePanel {...props} />,
  componentProps,
}: RemoteModuleProps<P>) {
  const config = useOptionalRuntimeConfig();
  const limit = timeoutMs ?? config?.remoteLoadTimeoutMs ?? DEFAULT_REMOTE_LOAD_TIMEOUT_MS;
  const [attempt, setAttempt] = useState(0);
  // Created here, above Suspense: a component created inside the suspended subtree would lose it and loop. Not on
  // the server (the first screen rendered on the edge): there a remote's module is its loading view, as in the
  // browser's first commit, and the edge puts in the page that remote rendered itself.
  const LazyRemote = useMemo(() => (RENDERING_ON_SERVER ? null : createLazyRemote<P>(id, limit, loader, attempt)), [id, limit, loader, attempt]);
  // The remote is rendered in a transition after the first commit, when the boundary already shows content (the
  // loading view): React then keeps that view until the remote and the page inside it are ready, and reveals them
  // in one commit. Suspending on the first render would commit the fallback instead, and React holds back a reveal
  // for 300 ms after a fallback (FALLBACK_THROTTLE_MS), even when the code is already here.
  const [revealing, setRevealing] = useState(false);
  useEffect(() => startTransition(() => setRevealing(true)), []);

  return (
    <RemoteErrorBoundary key={`${id}#${attempt}`} id={id} renderError={renderError} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={loading}>{revealing && LazyRemote ? <LazyRemote {...(componentProps ?? ({} as P))} /> : loading}</Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * `attempt` only makes each Retry a distinct lazy component (React.lazy caches its first promise forever). The load
 * starts now, not at the lazy component's first render, which comes a commit later (see RemoteModule).
 */
function createLazyRemote<P extends object>(id: string, timeoutMs: number, loader: RemoteLoader | undefined, attempt: number) {
  const loading = loadRemoteComponent<P>(id, timeoutMs, loader);
  // Handled by React once rendered; until then a failure must not be reported as unhandled.
  loading.catch(() => undefined);
  const LazyRemote = lazy(() => loading);
  (LazyRemote as { displayName?: string }).displayName = `Remote(${id})#${attempt}`;
  return LazyRemote as unknown as ComponentType<P>;
}

export interface RemoteSectionProps<P extends object> extends Omit<RemoteModuleProps<P>, 'id'> {
  remote: 'learner' | 'educator' | 'info';
  /** Exposed name without './', e.g. `TestimonialsSection`. */
  module: string;
  /**
   * Load the section only when it comes near the viewport: a section below the fold then costs nothing on the
   * first render (the info remote's entry and section are 22 KB on a phone's home page). `loading` holds its place.
   */
  deferUntilNearViewport?: boolean;
}

/** How far below the viewport a deferred section starts loading, so it is usually there when scrolled to. */
export const NEAR_VIEWPORT_MARGIN = '400px';

/** Embeds a section another remote exposes (the home page shows `info/TestimonialsSection`). */
export function RemoteSection<P extends object = Record<string, never>>({
  remote,
  module,
  deferUntilNearViewport = false,
  ...rest
}: RemoteSectionProps<P>) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => !deferUntilNearViewport || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !placeholder.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: NEAR_VIEWPORT_MARGIN,
    });
    observer.observe(placeholder.current);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={placeholder}>{rest.loading}</div>;
  return <RemoteModule<P> id={`${remote}/${module}`} {...rest} />;
}
