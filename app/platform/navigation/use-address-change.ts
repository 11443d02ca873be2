import { useEffect, useRef } from "react";

/**
 * Runs `onChange` when the page's address (`address`: a location key, path or path and query)
 * changes: a drawer, menu or suggestion list closes on a new page. Not on the first render: a
 * shopper's tap or typing while the page hydrates reaches React before its effects run, and a
 * first-run close would undo it (the phone Menu and the header search met this in CI).
 */
export function useAddressChange(address: string, onChange: () => void): void {
  const shownAt = useRef(address);
  const latest = useRef(onChange);
  // The latest callback, set before the effect below runs (effects run in order), not during render.
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (shownAt.current === address) return;
    shownAt.current = address;
    latest.current();
  }, [address]);
}
