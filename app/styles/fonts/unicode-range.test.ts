import { describe, expect, it } from "vitest";
import { RUPEE_SIGN, withoutCodePoint } from "./unicode-range";

describe("withoutCodePoint", () => {
  it("splits the range that holds the rupee sign and keeps the rest as written", () => {
    expect(withoutCodePoint("U+0100-02BA, U+20A0-20AB, U+20AD-20C0, U+2113", RUPEE_SIGN)).toBe(
      "U+0100-02BA, U+20A0-20AB, U+20AD-20B8, U+20BA-20C0, U+2113",
    );
  });

  it("drops the sign where it stands alone, and reads ranges without spaces (minified)", () => {
    expect(withoutCodePoint("U+0900-097F,U+20B9,U+25CC", RUPEE_SIGN)).toBe("U+0900-097F, U+25CC");
  });

  it("handles the sign at either end of a range, and wildcards", () => {
    expect(withoutCodePoint("U+20B9-20C0", RUPEE_SIGN)).toBe("U+20BA-20C0");
    expect(withoutCodePoint("U+20A0-20B9", RUPEE_SIGN)).toBe("U+20A0-20B8");
    expect(withoutCodePoint("U+20??", RUPEE_SIGN)).toBe("U+2000-20B8, U+20BA-20FF");
  });

  it("leaves a value without the sign alone, and says when nothing is left", () => {
    expect(withoutCodePoint("U+0000-00FF, U+0131", RUPEE_SIGN)).toBe("U+0000-00FF, U+0131");
    expect(withoutCodePoint("U+20B9", RUPEE_SIGN)).toBe("");
  });
});
