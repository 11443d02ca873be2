import { describe, expect, it } from "vitest";
import { isActive } from "./active";
import { hrefOf } from "./document";

describe("the document's links", () => {
  it("write a path object as React Router does", () => {
    expect(hrefOf("/products?q=atta")).toBe("/products?q=atta");
    expect(hrefOf({ pathname: "/products", search: "q=atta", hash: "top" })).toBe("/products?q=atta#top");
    expect(hrefOf({ pathname: "/products", search: "?q=atta", hash: "#top" })).toBe("/products?q=atta#top");
    expect(hrefOf({ pathname: "/cart", search: "?", hash: "#" })).toBe("/cart");
  });

  it("are active on the same path, and below it unless they end there", () => {
    expect(isActive("/products", "/products", false, false)).toBe(true);
    expect(isActive("/products/amul-paneer", "/products", false, false)).toBe(true);
    expect(isActive("/products/amul-paneer", "/products", true, false)).toBe(false);
    expect(isActive("/productsx", "/products", false, false)).toBe(false);
    expect(isActive("/products", "/", true, false)).toBe(false);
    expect(isActive("/", "/", true, false)).toBe(true);
    expect(isActive("/products", "/", false, false)).toBe(false);
    expect(isActive("/cart", "/cart?from=menu", false, false)).toBe(true);
    expect(isActive("/Products", "/products", false, false)).toBe(true);
    expect(isActive("/Products", "/products", false, true)).toBe(false);
    expect(isActive("/policy/terms-of-use", "/policy/", false, false)).toBe(true);
  });
});
