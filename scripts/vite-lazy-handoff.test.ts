import { describe, expect, it } from "vitest";
import { reactRouterSources } from "./react-router-rewrite";
import { lazyHandoff } from "./vite-lazy-handoff";

describe("React Router's data for its browser runtime, encoded only when read", () => {
  it("finds the property once in the installed React Router's document handler", () => {
    const handlers = reactRouterSources().filter(({ code }) =>
      code.includes("serverHandoffStream: encodeViaTurboStream"),
    );
    expect(handlers).toHaveLength(1);
    const lazy = lazyHandoff(handlers[0]?.code ?? "");
    expect(lazy).not.toBeNull();
    expect(lazy).toContain("get serverHandoffStream()");
    // The second render after an error keeps its own encoding, made at once.
    expect(lazy).toContain("serverHandoffStream: encodeViaTurboStream(\n          state2,");
  });

  it("encodes once, when first read, and never when the property is deleted first", () => {
    const source = `function renderHtml(state, request, build, serverMode, encodeViaTurboStream) {
      return { a: 1, serverHandoffStream: encodeViaTurboStream(
        state,
        request.signal,
        build.entry.module.streamTimeout,
        serverMode
      ), b: 2 };
    }; renderHtml`;
    const lazy = lazyHandoff(source);
    expect(lazy).not.toBeNull();
    const renderHtml = new Function(`return ${lazy}`)() as (...args: unknown[]) => Record<string, unknown>;
    let encoded = 0;
    const encode = (state: unknown) => {
      encoded++;
      return { stream: state };
    };
    const args = ["data", { signal: null }, { entry: { module: {} } }, "production", encode];
    const context = renderHtml(...args);
    expect(encoded).toBe(0);
    expect(context.serverHandoffStream).toEqual({ stream: "data" });
    expect(context.serverHandoffStream).toBe(context.serverHandoffStream);
    expect(encoded).toBe(1);
    const standalone = renderHtml(...args);
    delete standalone.serverHandoffStream;
    expect(standalone.serverHandoffStream).toBeUndefined();
    expect(encoded).toBe(1);
  });

  it("refuses code that does not hold the property exactly once", () => {
    expect(lazyHandoff("let entryContext = { serverHandoffStream: encode(state) };")).toBeNull();
  });
});
