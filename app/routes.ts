import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** The spec's route table (section 2), plus the server's resource routes. */
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("products/:id", "routes/product.tsx"),
  route("collections/:id", "routes/collection.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("search", "routes/search.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  route("account", "routes/account.tsx"),
  route("payment-return", "routes/payment-return.tsx"),
  ...prefix("policy", [
    layout("routes/policy/layout.tsx", [
      route("terms-and-condition", "routes/policy/terms-and-condition.tsx"),
      route("terms-of-use", "routes/policy/terms-of-use.tsx"),
      route("privacy-policy", "routes/policy/privacy-policy.tsx"),
      route("return-refund", "routes/policy/return-refund.tsx"),
      route("shipping-policy", "routes/policy/shipping-policy.tsx"),
    ]),
  ]),
  route("media/*", "routes/media.ts"),
  route("api/products", "routes/api/products.ts"),
  route("api/search/suggestions", "routes/api/search-suggestions.ts"),
  route("api/cart/quote", "routes/api/cart-quote.ts"),
  route("api/pincodes/:pincode", "routes/api/pincode.ts"),
  route("api/orders", "routes/api/orders.ts"),
  route("api/orders/:id", "routes/api/order.ts"),
  route("api/payments/return", "routes/api/payment-return.ts"),
  route("api/payments/webhook", "routes/api/payment-webhook.ts"),
  route("sandbox/pay/:id", "routes/sandbox/pay.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:name", "routes/sitemap-file.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("not-found", "routes/not-found.tsx", { id: "not-found" }),
  // Any unknown path renders the not-found page with HTTP 404.
  route("*", "routes/not-found.tsx", { id: "unknown-path" }),
] satisfies RouteConfig;
