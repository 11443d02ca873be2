import { describe, expect, it } from "vitest";
import { AntiForgery, isServerCsrfToken } from "./csrf.server";

const KEY = Buffer.alloc(32, 7);
const SESSION = "s".repeat(43);

function post(cookie: string, token: string | null, extra: Record<string, string> = {}): Request {
  const headers: Record<string, string> = { Cookie: cookie, "X-Requested-With": "XMLHttpRequest", ...extra };
  if (token !== null) headers["X-CSRF-Token"] = token;
  return new Request("http://shop.test/api/orders", { method: "POST", headers });
}

describe("the signed anti-forgery token", () => {
  const plain = new AntiForgery(KEY, false);

  it("passes when the cookie holds a token this server signed and the header repeats it", () => {
    const token = plain.mint(null);
    expect(isServerCsrfToken(token)).toBe(true);
    expect(plain.check(post(`mandi_csrf=${token}`, token))).toBeNull();
  });

  it("refuses a cookie and header that merely agree (cookie 'a', header 'a')", () => {
    expect(plain.check(post("mandi_csrf=a", "a"))).toBe("missing or wrong anti-forgery token");
    const forged = `${"A".repeat(22)}.${"B".repeat(22)}`;
    expect(plain.check(post(`mandi_csrf=${forged}`, forged))).toBe("missing or wrong anti-forgery token");
  });

  it("refuses a token signed with another key", () => {
    const other = new AntiForgery(Buffer.alloc(32, 8), false).mint(null);
    expect(plain.check(post(`mandi_csrf=${other}`, other))).toBe("missing or wrong anti-forgery token");
  });

  it("binds the token to the session: one made before sign-in, or for another session, does not pass", () => {
    const before = plain.mint(null);
    expect(plain.check(post(`mandi_csrf=${before}; mandi_session=${SESSION}`, before))).not.toBeNull();
    const mine = plain.mintFor(SESSION);
    expect(plain.check(post(`mandi_csrf=${mine}; mandi_session=${SESSION}`, mine))).toBeNull();
    expect(plain.check(post(`mandi_csrf=${mine}; mandi_session=${"t".repeat(43)}`, mine))).not.toBeNull();
    expect(plain.mint(`mandi_session=${SESSION}`)).not.toBe(mine);
    const minted = plain.mint(`mandi_session=${SESSION}`);
    expect(plain.valid(`mandi_csrf=${minted}; mandi_session=${SESSION}`)).toBe(minted);
  });

  it("on an https store reads only the __Host- cookie, which no other host can set", () => {
    const secure = new AntiForgery(KEY, true);
    const token = secure.mint(null);
    expect(secure.check(post(`mandi_csrf=${token}`, token))).not.toBeNull();
    expect(secure.check(post(`__Host-mandi_csrf=${token}`, token))).toBeNull();
    expect(secure.cookie(token)).toBe(`__Host-mandi_csrf=${token}; Path=/; SameSite=Lax; Max-Age=31536000; Secure`);
    expect(plain.cookie(token)).toBe(`mandi_csrf=${token}; Path=/; SameSite=Lax; Max-Age=31536000`);
  });

  it("still refuses another site's request and one without X-Requested-With", () => {
    const token = plain.mint(null);
    expect(plain.check(post(`mandi_csrf=${token}`, token, { "Sec-Fetch-Site": "cross-site" }))).toBe(
      "cross-site request",
    );
    const request = new Request("http://shop.test/api/orders", {
      method: "POST",
      headers: { Cookie: `mandi_csrf=${token}`, "X-CSRF-Token": token },
    });
    expect(plain.check(request)).toBe("missing X-Requested-With");
  });

  it("checks a plain form's hidden field the same way", () => {
    const token = plain.mint(null);
    const request = new Request("http://shop.test/api/newsletter", {
      method: "POST",
      headers: { Cookie: `mandi_csrf=${token}` },
    });
    const form = new FormData();
    form.set("csrf", token);
    expect(plain.checkForm(request, form)).toBeNull();
    form.set("csrf", "a");
    expect(plain.checkForm(request, form)).not.toBeNull();
  });
});
