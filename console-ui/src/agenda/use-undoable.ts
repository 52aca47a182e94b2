import { useEffect, useRef, useState } from 'preact/hooks';

/** How long a destructive action waits for "Desfazer" before it is sent. */
export const UNDO_SECONDS = 8;

export interface Undoable {
  /** what the bar says meanwhile, e.g. "Agendamento de Paula cancelado." */
  label: string;
  /** the call itself, made when the time is up (or the page is left) */
  run: () => Promise<void>;
}

/**
 * A destructive action that can be undone for UNDO_SECONDS: nothing is sent until the time is
 * up, so "Desfazer" changes nothing anywhere (the customer is never told of a cancellation
 * that was undone). Leaving the page sends it at once.
 */
export function useUndoable(): { pending: Undoable | null; start: (action: Undoable) => void; undo: () => void } {
  const [pending, setPending] = useState<Undoable | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = useRef<Undoable | null>(null);

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const action = current.current;
    current.current = null;
    setPending(null);
    if (action) void action.run();
  };
  const start = (action: Undoable) => {
    if (current.current) flush();
    current.current = action;
    setPending(action);
    timer.current = setTimeout(flush, UNDO_SECONDS * 1000);
  };
  const undo = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    current.current = null;
    setPending(null);
  };
  useEffect(() => {
    addEventListener('pagehide', flush);
    return () => {
      removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  return { pending, start, undo };
}
