import { describe, expect, it } from "vitest";
import { secureCookies } from "../security/cookies.server";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "./sessions.server";

describe("session cookie", () => {
  const token = "A".repeat(43);

  it("is HttpOnly and SameSite=Lax on a plain-HTTP store (development)", () => {
    expect(secureCookies({ PUBLIC_URL: undefined })).toBe(false);
    expect(sessionCookie(token, false)).toBe(`mandi_session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`);
  });

  it("takes the __Host- prefix and Secure on an HTTPS store", () => {
    expect(secureCookies({ PUBLIC_URL: "https://shop.example.in" })).toBe(true);
    expect(sessionCookie(token, true)).toBe(
      `__Host-mandi_session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure`,
    );
    expect(clearedSessionCookie(true)).toBe("__Host-mandi_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure");
  });

  it("reads only a well-formed token, under either name", () => {
    expect(readSessionToken(`a=1; __Host-mandi_session=${token}`)).toBe(token);
    expect(readSessionToken(`mandi_session=${token}`)).toBe(token);
    expect(readSessionToken("mandi_session=short")).toBeNull();
    expect(readSessionToken("mandi_session=' or 1=1 --")).toBeNull();
    expect(readSessionToken(null)).toBeNull();
  });
});
