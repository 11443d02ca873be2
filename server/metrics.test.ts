import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { mayReadMetrics, routeLabeller } from "./metrics";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  caseSensitive: undefined,
  module: {},
});

const build = {
  routes: {
    root: route("root", undefined, ""),
    home: route("routes/home", "root", undefined, true),
    products: route("routes/products", "root", "products"),
    product: route("routes/product", "root", "products/:id"),
    admin: route("routes/admin/layout", "root", "admin"),
    orders: route("routes/admin/orders", "routes/admin/layout", "orders"),
    order: route("routes/admin/order", "routes/admin/layout", "orders/:id"),
    adminHome: route("routes/admin/home", "routes/admin/layout", undefined, true),
    missing: route("routes/not-found", "root", "*"),
  },
} as unknown as Pick<ServerBuild, "routes">;

describe("the route a request is counted under", () => {
  const routeOf = routeLabeller(build);

  it("is the route's pattern, one label for every product", () => {
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/products")).toBe("/products");
    expect(routeOf("/products/basmati-rice-5-kg")).toBe("/products/:id");
    expect(routeOf("/products/toor-dal-1-kg")).toBe("/products/:id");
  });

  it("joins nested routes' paths", () => {
    expect(routeOf("/admin")).toBe("/admin");
    expect(routeOf("/admin/orders")).toBe("/admin/orders");
    expect(routeOf("/admin/orders/8c1d")).toBe("/admin/orders/:id");
  });

  it("puts every unknown address under the not-found route", () => {
    expect(routeOf("/wp-login.php")).toBe("/*");
    expect(routeOf("/a/b/c")).toBe("/*");
  });
});

describe("who may read /metrics on the store's port", () => {
  const request = (address: string, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress: address } as Socket, headers }) as unknown as IncomingMessage;

  it("without a token: this machine itself, not through a proxy", () => {
    expect(mayReadMetrics(request("127.0.0.1"), {})).toBe(true);
    expect(mayReadMetrics(request("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }), {})).toBe(false);
    expect(mayReadMetrics(request("203.0.113.9"), {})).toBe(false);
  });

  it("with a token: whoever sends it, and nobody else, this machine included", () => {
    const env = { METRICS_TOKEN: "a-token-of-twenty-four-chars" };
    expect(mayReadMetrics(request("203.0.113.9", { authorization: "Bearer a-token-of-twenty-four-chars" }), env)).toBe(
      true,
    );
    expect(mayReadMetrics(request("127.0.0.1"), env)).toBe(false);
    expect(mayReadMetrics(request("203.0.113.9", { authorization: "Bearer a-token-of-twenty-four-charz" }), env)).toBe(
      false,
    );
  });
});

describe("the Grafana dashboard (docs/grafana-dashboard.json)", () => {
  it("asks only for metrics the server exposes", async () => {
    const { readFileSync } = await import("node:fs");
    const { createMetrics } = await import("./metrics");
    const metrics = createMetrics({
      db: {} as never,
      build,
      pool: () => ({ total: 1, idle: 1, waiting: 0, max: 10 }),
      pageCache: { report: () => ({ hits: 0, misses: 0, bytes: 0 }) } as never,
      parts: { report: () => ({ hits: 0, misses: 0 }) } as never,
    });
    const exposed = new Set<string>();
    for (const metric of metrics.registry.getMetricsAsArray()) {
      const { name, type } = metric as unknown as { name: string; type: string };
      exposed.add(name);
      if (type === "histogram") for (const end of ["_bucket", "_count", "_sum"]) exposed.add(`${name}${end}`);
    }
    const dashboard = JSON.parse(readFileSync("docs/grafana-dashboard.json", "utf8")) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const asked = dashboard.panels
      .flatMap((panel) => panel.targets ?? [])
      .flatMap((target) => target.expr.match(/\b(mandi_\w+|process_\w+|nodejs_\w+)\b/g) ?? []);
    expect(asked.length).toBeGreaterThan(15);
    expect([...new Set(asked)].filter((name) => !exposed.has(name))).toEqual([]);
  });
});
