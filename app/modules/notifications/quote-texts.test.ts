import { describe, expect, it } from "vitest";
import { QUOTED_SMS, quotedEmail, quotedSms } from "./quote-texts";

const facts = {
  storeName: "Annapurna Wholesale",
  reference: "Q-7K3M9P",
  grandTotal: 12_300_00,
  lastDay: "10 Dec 2026",
  quoteUrl: "https://annapurna.example/quotes/0b6f?key=abc",
  accountLink: "annapurna.example/account",
};

describe("the customer's 'quote answered' messages", () => {
  it("fills the registered DLT template, five values in order", () => {
    expect(QUOTED_SMS.text.match(/\{#var#\}/g)).toHaveLength(5);
    expect(quotedSms(facts).text).toBe(
      "Annapurna Wholesale: your quote Q-7K3M9P is ready, Rs.12,300 in all, valid till 10 Dec 2026. See it and order at annapurna.example/account",
    );
  });
  it("emails the quote's own link and the day it holds to", () => {
    const email = quotedEmail(facts, {
      logoUrl: "",
      primaryColor: "#1a7f37",
      accountUrl: "https://annapurna.example/account",
    });
    expect(email.subject).toBe("Annapurna Wholesale: your quote Q-7K3M9P is ready");
    expect(email.text).toContain("₹12,300 in all, with delivery.");
    expect(email.text).toContain("until the end of 10 Dec 2026");
    expect(email.text).toContain("Open the quote: https://annapurna.example/quotes/0b6f?key=abc");
    expect(email.html).toContain('href="https://annapurna.example/quotes/0b6f?key=abc"');
  });
});
