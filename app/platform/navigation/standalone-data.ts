import { knownFailure, knownValue } from "./known-promise";
import { DEFERRED_ATTRIBUTE, type DeferredOutcome, STANDALONE_DATA_ID, type StandaloneData } from "./standalone";

/**
 * The page's data in the browser, with each deferred value as a promise React can read at once
 * when its JSON is already in the document (`status` and `value` set, as React's `use` reads
 * them), or that settles when the document has finished loading.
 */
export function readStandaloneData(doc: Document): StandaloneData & { values: Record<string, unknown> } {
  const text = doc.getElementById(STANDALONE_DATA_ID)?.textContent;
  if (!text) throw new Error(`The page has no #${STANDALONE_DATA_ID}`);
  const data = JSON.parse(text) as StandaloneData;
  const values: Record<string, unknown> = { ...data.route };
  for (const name of data.deferred) values[name] = deferredValue(doc, name);
  return { ...data, values };
}

function deferredValue(doc: Document, name: string): Promise<unknown> {
  const read = (): DeferredOutcome | null => {
    const text = doc.querySelector(`script[${DEFERRED_ATTRIBUTE}="${name}"]`)?.textContent;
    return text ? (JSON.parse(text) as DeferredOutcome) : null;
  };
  const settle = (outcome: DeferredOutcome | null): Promise<unknown> =>
    outcome?.ok ? knownValue(outcome.value) : knownFailure(new Error(`The page's ${name} did not arrive`));
  const now = read();
  if (now || doc.readyState !== "loading") return settle(now);
  return new Promise((resolve, reject) => {
    doc.addEventListener(
      "DOMContentLoaded",
      () => {
        settle(read()).then(resolve, reject);
      },
      { once: true },
    );
  });
}
