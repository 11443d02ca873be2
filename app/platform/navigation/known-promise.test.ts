import { createElement, use } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { knownFailure, knownValue, markWhenSettled, outcomeOf } from "./known-promise";

function Shows({ value }: { value: Promise<string> }) {
  return createElement("p", null, use(value));
}

describe("promises that carry their outcome", () => {
  it("are read by React's use without waiting", () => {
    expect(renderToString(createElement(Shows, { value: knownValue("paneer") }))).toBe("<p>paneer</p>");
  });

  it("say their outcome; a promise not yet marked says none", async () => {
    expect(outcomeOf(knownValue(3))).toEqual({ ok: true, value: 3 });
    const reason = new Error("gone");
    expect(outcomeOf(knownFailure(reason))).toEqual({ ok: false, reason });
    const plain = Promise.resolve(4);
    expect(outcomeOf(plain)).toBeNull();
    await markWhenSettled(plain);
    expect(outcomeOf(plain)).toEqual({ ok: true, value: 4 });
  });

  it("are marked when they fail, without the wait rejecting", async () => {
    const failed = Promise.reject(new Error("late"));
    await expect(markWhenSettled(failed)).resolves.toBeUndefined();
    expect(outcomeOf(failed)).toEqual({ ok: false, reason: new Error("late") });
  });
});
