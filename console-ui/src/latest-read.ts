import { useCallback, useRef } from 'preact/hooks';

/**
 * Reads of one screen can finish out of order (the first one asked, slow under load, landing
 * after the one the user asked for next): `begin()` starts a read and answers whether it is still
 * the latest one when it lands, so only the latest is ever shown.
 */
export function useLatestRead(): () => () => boolean {
  const latest = useRef(0);
  return useCallback(() => {
    const read = ++latest.current;
    return () => read === latest.current;
  }, []);
}
