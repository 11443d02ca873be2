import { useEffect, useState } from "react";
import type { Suggestion } from "../modules/search/suggestions.server";

/** Spec section 9: the header search waits 220 ms after the last key. */
export const SUGGEST_DEBOUNCE_MS = 220;

/**
 * The store's search suggestions for what is typed (GET /api/search/suggestions), asked for
 * 220 ms after the last key, the previous question dropped when another key comes. Empty text
 * clears them (spec section 4). Used by the header search and by quick order's rows.
 */
export function useSuggestions(text: string): { items: Suggestion[]; status: "idle" | "loading" | "done" } {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [status, setStatus] = useState<"idle" | "loading" | "done">("idle");
  useEffect(() => {
    const q = text.trim();
    if (!q) {
      setItems([]);
      setStatus("idle");
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      setStatus("loading");
      try {
        const response = await fetch(`/api/search/suggestions?q=${encodeURIComponent(q)}`, {
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { suggestions: Suggestion[] };
        setItems(body.suggestions);
        setStatus("done");
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        setItems([]);
        setStatus("done");
      }
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return { items, status };
}
