import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the page is server-rendered HTML, true once React runs it. Controls that need
 * JavaScript render their plain-HTML twin (a link, a submit button) until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
