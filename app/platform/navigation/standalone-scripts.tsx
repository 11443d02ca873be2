import { Suspense, use } from "react";
import { knownValue, outcomeOf } from "./known-promise";
import type { RenderStandaloneScripts } from "./server-document";
import {
  DEFERRED_ATTRIBUTE,
  type DeferredOutcome,
  STANDALONE_DATA_ID,
  type StandaloneData,
  type StandalonePage,
  scriptJson,
} from "./standalone";

/** A standalone page's built entry module and the modules it imports (written by the build). */
export interface StandaloneEntry {
  module: string;
  imports: string[];
}

/** Renders a standalone page's scripts with the response's nonce (the document render's `ServerDocument`). */
export function standaloneScripts(
  entries: Record<string, StandaloneEntry | undefined> | null,
  nonce: string,
): RenderStandaloneScripts {
  return (page, root, route) => {
    const entry = entries?.[page];
    return entry ? <StandaloneScripts page={page} root={root} route={route} entry={entry} nonce={nonce} /> : null;
  };
}

/**
 * In place of React Router's `<Scripts>` on a standalone page (ADR 0024): the page's data, each
 * deferred value once it settles (streamed like React Router's), the entry's preloads and the
 * module script, in the shape React Router writes them, so that they too wait for the first
 * paint (hydrate-after-paint.server.ts).
 */
export function StandaloneScripts({
  page,
  root,
  route,
  entry,
  nonce,
}: {
  page: StandalonePage;
  root: unknown;
  route: Record<string, unknown>;
  entry: StandaloneEntry;
  nonce: string;
}) {
  const now: Record<string, unknown> = {};
  const later: [string, Promise<unknown>][] = [];
  for (const [name, value] of Object.entries(route)) {
    if (value instanceof Promise) later.push([name, value]);
    else now[name] = value;
  }
  const data: StandaloneData = { page, root, route: now, deferred: later.map(([name]) => name) };
  return (
    <>
      <JsonScript id={STANDALONE_DATA_ID} value={data} />
      {later.map(([name, value]) => (
        <Suspense key={name} fallback={null}>
          <Deferred name={name} value={value} />
        </Suspense>
      ))}
      {[entry.module, ...entry.imports].map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      <script
        type="module"
        async
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: one import of the build's own module, its address escaped
        dangerouslySetInnerHTML={{ __html: `import ${scriptJson(entry.module)};` }}
      />
    </>
  );
}

function Deferred({ name, value }: { name: string; value: Promise<unknown> }) {
  return <JsonScript {...{ [DEFERRED_ATTRIBUTE]: name }} value={use(settled(value))} />;
}

/** Data for the page's script, which the browser does not run: JSON that cannot end the element. */
function JsonScript({ value, ...attributes }: { value: unknown; id?: string }) {
  return (
    <script
      type="application/json"
      {...attributes}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped (scriptJson)
      dangerouslySetInnerHTML={{ __html: scriptJson(value) }}
    />
  );
}

const outcomes = new WeakMap<Promise<unknown>, Promise<DeferredOutcome>>();

/**
 * The value's outcome, one promise per value so that React reads the same one again. A value
 * that carries its outcome already (a page rendered whole, app/platform/whole-page.server.ts)
 * gives an outcome that does too, which React reads without waiting.
 */
function settled(value: Promise<unknown>): Promise<DeferredOutcome> {
  let outcome = outcomes.get(value);
  if (!outcome) {
    const known = outcomeOf(value);
    outcome = known
      ? knownValue<DeferredOutcome>(known.ok ? { ok: true, value: known.value } : { ok: false })
      : value.then(
          (resolved): DeferredOutcome => ({ ok: true, value: resolved }),
          (): DeferredOutcome => ({ ok: false }),
        );
    outcomes.set(value, outcome);
  }
  return outcome;
}
