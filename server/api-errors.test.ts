import { describe, expect, it } from "vitest";
import { apiErrorShape } from "./api-errors";

describe("an error under /api", () => {
  it("keeps the routes' own { error } answers as they are", async () => {
    const answer = Response.json({ error: "Order not found." }, { status: 404 });
    expect(await apiErrorShape(answer)).toBe(answer);
  });

  it("turns React Router's own error answers into the one { error } shape", async () => {
    const thrown = await apiErrorShape(Response.json({ message: "Unexpected Server Error" }, { status: 500 }));
    expect(thrown.status).toBe(500);
    expect(await thrown.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
    const text = await apiErrorShape(new Response("Not Found", { status: 404, headers: { "X-Remix-Error": "yes" } }));
    expect(text.headers.get("content-type")).toBe("application/json");
    expect(await text.json()).toEqual({ error: "The request was refused (404)." });
  });

  it("leaves answers that are not errors alone", async () => {
    const pdf = new Response("%PDF", { headers: { "Content-Type": "application/pdf" } });
    expect(await apiErrorShape(pdf)).toBe(pdf);
  });
});
