import { describe, expect, it } from "vitest";
import { isPlainLeftClick } from "./clicks";

const click = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe("a plain left click", () => {
  it("is a left click that nothing took, without modifier keys", () => {
    expect(isPlainLeftClick(click)).toBe(true);
  });

  it("is not a middle or right click, one already taken, or one with a modifier key", () => {
    expect(isPlainLeftClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainLeftClick({ ...click, button: 2 })).toBe(false);
    expect(isPlainLeftClick({ ...click, defaultPrevented: true })).toBe(false);
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) {
      expect(isPlainLeftClick({ ...click, [key]: true }), key).toBe(false);
    }
  });
});
