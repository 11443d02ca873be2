import { uniquePhone } from "./account";
import { antiForgery } from "./anti-forgery";

/**
 * A COD order of one unit of the first simple product in stock, through the Store API of a
 * server of the test's own, as a script on the store's pages would place it. Answers the
 * server's Response; the test reads the status it expects.
 */
export async function placeApiOrder(
  url: string,
  { phone = uniquePhone(), fullName = "API Order Test" }: { phone?: string; fullName?: string } = {},
): Promise<Response> {
  const headers = await antiForgery(url);
  const { products } = (await (await fetch(`${url}/api/products?limit=48`)).json()) as {
    products: Array<{ id: string; hasSizes: boolean; stock: { kind: string } }>;
  };
  const product = products.find((p) => !p.hasSizes && p.stock.kind === "in-stock");
  if (!product) throw new Error("no simple product in stock among the first 48");
  return fetch(`${url}/api/orders`, {
    method: "POST",
    headers: { ...headers, "Idempotency-Key": `api-order-${Date.now()}-${phone}` },
    body: JSON.stringify({
      lines: [{ productId: product.id, qty: 1 }],
      address: {
        fullName,
        phone,
        addressLine1: "1 Test Road",
        city: "Mumbai",
        state: "Maharashtra",
        pincode: "400050",
      },
      paymentMethod: "COD",
    }),
  });
}
