import { describe, expect, it } from "vitest";
import { newsletterConfirmationEmail } from "./newsletter-texts";
import { pingBody, type ShopOrder, shopEmail, webhookBody } from "./shop-texts";
import { SMS_TEMPLATES } from "./texts";
import { whatsAppTemplateText } from "./whatsapp.server";

const order: ShopOrder = {
  id: "7d1c2f52-3a10-4c1e-9a55-0c7f3f1e2a11",
  storeSlug: "annapurna",
  storeName: "Annapurna <HoReCa>",
  orderNumber: "261206ABCD1234",
  status: "Pending",
  paymentMethod: "COD",
  paymentStatus: "pending",
  subtotal: 2_400_00,
  discount: 100_00,
  shipping: 0,
  grandTotal: 2_300_00,
  couponCode: "FLAT100",
  phone: "9820012345",
  email: "chef@tajview.example",
  address: {
    firstName: "Asha",
    lastName: "Rao",
    companyName: "Spice Route Caterers",
    gstNumber: "27AAPFU0939F1ZV",
    address: "12 MG Road",
    apartment: "Shop 4",
    landmark: "",
    city: "Navi Mumbai",
    state: "Maharashtra",
    pin: "400703",
  },
  items: [
    { sku: "RICE-25", name: "Sona Masoori Rice 25 kg", size: null, quantity: 1, unitPrice: 1_800_00, total: 1_800_00 },
    { sku: null, name: "Chef's apron", size: "L", quantity: 2, unitPrice: 300_00, total: 600_00 },
  ],
  placedAt: "2026-12-06T04:30:00.000Z",
  consoleUrl: "https://annapurna.example/admin/orders/7d1c2f52-3a10-4c1e-9a55-0c7f3f1e2a11",
};

describe("what the shop is told", () => {
  it("emails a new order with who, where to, what and the amounts", () => {
    const email = shopEmail("order.placed", order, "#1a7f37");
    expect(email.subject).toBe("New order 261206ABCD1234: ₹2,300, cash on delivery");
    expect(email.text).toBe(
      [
        "New order 261206ABCD1234",
        "",
        "Asha Rao ordered 2 items for ₹2,300, cash on delivery.",
        "",
        "Asha Rao",
        "Phone 9820012345",
        "Email chef@tajview.example",
        "Spice Route Caterers, GSTIN 27AAPFU0939F1ZV",
        "12 MG Road, Shop 4",
        "Navi Mumbai, Maharashtra 400703",
        "",
        "1 × Sona Masoori Rice 25 kg [RICE-25]: ₹1,800",
        "2 × Chef's apron (L): ₹600",
        "",
        "Subtotal ₹2,400",
        "Discount −₹100 (FLAT100)",
        "Shipping free",
        "Grand total ₹2,300",
        "",
        "Open the order: https://annapurna.example/admin/orders/7d1c2f52-3a10-4c1e-9a55-0c7f3f1e2a11",
      ].join("\n"),
    );
    // Values are escaped in the HTML: a store name cannot add markup.
    expect(email.html).toContain("Annapurna &lt;HoReCa&gt;");
    expect(email.html).not.toContain("<HoReCa>");
    expect(email.html).toContain("Chef&#39;s apron");
  });

  it("emails a payment given up", () => {
    const email = shopEmail("payment.failed", { ...order, paymentMethod: "ONLINE" }, "not a colour");
    expect(email.subject).toBe("Payment failed for order 261206ABCD1234");
    expect(email.text).toContain(
      "Asha Rao did not complete the online payment of ₹2,300 for order 261206ABCD1234.\nThe order will not be delivered, and its stock is back on sale. You may want to call them.",
    );
    expect(email.html).toContain("border-bottom:4px solid #1a7f37");
  });

  it("posts the order to the webhook as type, timestamp and data, amounts in paise", () => {
    const body = JSON.parse(webhookBody("order.placed", order, new Date("2026-12-06T04:30:05Z")));
    expect(body.type).toBe("order.placed");
    expect(body.timestamp).toBe("2026-12-06T04:30:05.000Z");
    expect(body.data.store).toBe("annapurna");
    expect(body.data.order).toMatchObject({ orderNumber: "261206ABCD1234", grandTotal: 230000, currency: "INR" });
    expect(body.data.order.storeName).toBeUndefined();
    expect(JSON.parse(pingBody(new Date("2026-12-06T00:00:00Z")))).toEqual({
      type: "ping",
      timestamp: "2026-12-06T00:00:00.000Z",
      data: {},
    });
  });
});

describe("the newsletter's confirmation email", () => {
  it("asks once, links to confirm and to never be emailed, and carries one-click unsubscribe", () => {
    const email = newsletterConfirmationEmail(
      "Annapurna",
      {
        confirmUrl: "https://annapurna.example/newsletter/confirm?token=abc",
        unsubscribeUrl: "https://annapurna.example/newsletter/unsubscribe?token=abc",
      },
      "#1a7f37",
    );
    expect(email.subject).toBe("Confirm your newsletter subscription · Annapurna");
    expect(email.text).toContain("Confirm: https://annapurna.example/newsletter/confirm?token=abc");
    expect(email.text).toContain("Never email me again: https://annapurna.example/newsletter/unsubscribe?token=abc");
    expect(email.headers).toEqual({
      "List-Unsubscribe": "<https://annapurna.example/newsletter/unsubscribe?token=abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(email.html).toContain('href="https://annapurna.example/newsletter/confirm?token=abc"');
  });
});

describe("WhatsApp templates", () => {
  it("are the SMS templates with numbered places", () => {
    expect(whatsAppTemplateText(SMS_TEMPLATES.shipped.text)).toBe(
      "{{1}}: your order {{2}} is on its way with {{3}}, tracking number {{4}}. {{5}}",
    );
  });
});
