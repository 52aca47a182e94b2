import { useEffect, useRef } from 'preact/hooks';
import type { ConsoleEvent } from '../../src/contract/index.js';

/**
 * What the server's event stream sends (`signed_out` when the session ended: signed out
 * elsewhere, the account disabled), and the console's own notes that the stream came back or
 * was refused (a 401 after a restart: the page checks its session).
 */
export type LiveEvent = ConsoleEvent | { type: 'reconnected' } | { type: 'signed_out' } | { type: 'stream_refused' };

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let retryTimer: number | undefined;
let everOpened = false;

/**
 * One EventSource for the whole page. The browser reconnects it by itself after a network
 * drop; if the server closed it for good (readyState CLOSED, e.g. a restart) it is opened
 * again after a pause. Pages get a `reconnected` event to refetch what they show.
 */
export function startLiveEvents(): void {
  if (source) return;
  const open = () => {
    source = new EventSource('/console/api/events');
    source.addEventListener('open', () => {
      if (everOpened) emit({ type: 'reconnected' });
      everOpened = true;
    });
    for (const type of ['handoffs', 'message', 'appointments', 'signed_out'] as const) {
      source.addEventListener(type, (event) => emit(JSON.parse((event as MessageEvent<string>).data) as LiveEvent));
    }
    source.addEventListener('error', () => {
      if (source?.readyState === EventSource.CLOSED) {
        source = null;
        emit({ type: 'stream_refused' });
        clearTimeout(retryTimer);
        retryTimer = window.setTimeout(open, 3000);
      }
    });
  };
  open();
}

export function stopLiveEvents(): void {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
  everOpened = false;
}

function emit(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

/** Calls `handler` (the latest one) for every live event while the component is mounted. */
export function useLiveEvents(handler: Listener): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener: Listener = (event) => latest.current(event);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
