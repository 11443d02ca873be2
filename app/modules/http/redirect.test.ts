import { describe, expect, it } from "vitest";
import { refererPath, sameOriginPath } from "./redirect";

describe("redirect targets from a request", () => {
  it("takes a path of this site with its query", () => {
    expect(sameOriginPath("/products?category=rice")).toBe("/products?category=rice");
    expect(sameOriginPath("/")).toBe("/");
  });

  it("refuses what a browser reads as another host, or what is not a path", () => {
    for (const target of [
      "//attacker.example",
      "//attacker.example?newsletter=subscribed",
      "/\\attacker.example",
      "\\\\attacker.example",
      "https://attacker.example/",
      "javascript:alert(1)",
      "attacker.example",
      "/\tattacker",
      "",
      null,
    ]) {
      expect(sameOriginPath(target), String(target)).toBeNull();
    }
  });

  it("takes a Referer's path only from this host, and never one that begins with two slashes", () => {
    expect(refererPath("http://shop.test/policy/terms-of-use?x=1", "shop.test")).toBe("/policy/terms-of-use?x=1");
    expect(refererPath("http://other.test/x", "shop.test")).toBeNull();
    expect(refererPath("http://shop.test//attacker.example", "shop.test")).toBeNull();
    expect(refererPath("not a url", "shop.test")).toBeNull();
  });
});
