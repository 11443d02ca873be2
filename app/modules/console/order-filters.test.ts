import { describe, expect, it } from "vitest";
import {
  atLeastLabel,
  countLabel,
  filterParams,
  indiaDayEnd,
  indiaDayStart,
  NO_FILTERS,
  readFilters,
  searchKind,
} from "./order-filters";

describe("the orders desk's filters", () => {
  it("keeps what it knows and drops the rest", () => {
    const filters = readFilters(
      new URLSearchParams(
        "status=Packed&payment=paid&method=COD&from=2026-12-01&to=2026-12-05&pincode=400703&q=%20Asha%20",
      ),
    );
    expect(filters).toEqual({
      status: "Packed",
      paymentStatus: "paid",
      paymentMethod: "COD",
      from: "2026-12-01",
      to: "2026-12-05",
      pincode: "400703",
      q: "Asha",
      after: null,
    });
    expect(
      readFilters(new URLSearchParams("status=Lost&payment=free&method=BARTER&from=2026-02-30&pincode=000001")),
    ).toEqual(NO_FILTERS);
  });

  it("reads a range typed backwards as the days between", () => {
    expect(readFilters(new URLSearchParams("from=2026-12-05&to=2026-12-01"))).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-05",
    });
  });

  it("writes the filters back without the page cursor", () => {
    const filters = { ...NO_FILTERS, status: "Pending" as const, q: "ghee", after: "x" };
    expect(filterParams(filters).toString()).toBe("status=Pending&q=ghee");
    expect(filterParams(filters, { status: null }).toString()).toBe("q=ghee");
  });

  it("counts a day in India's time", () => {
    expect(indiaDayStart("2026-12-05").toISOString()).toBe("2026-12-04T18:30:00.000Z");
    expect(indiaDayEnd("2026-12-05").toISOString()).toBe("2026-12-05T18:30:00.000Z");
  });

  it("tells an order number, a phone, an email and a name apart", () => {
    expect(searchKind("+91 98200 12345")).toEqual({ kind: "phone", digits: "9820012345" });
    expect(searchKind("2345")).toEqual({ kind: "phone", digits: "2345" });
    expect(searchKind("Asha@Hotel.in")).toEqual({ kind: "email", email: "asha@hotel.in" });
    expect(searchKind("#2612028jqsksk8")).toEqual({
      kind: "number-or-name",
      number: "2612028JQSKSK8",
      text: "#2612028jqsksk8",
    });
    expect(searchKind("Hotel Sagar")).toEqual({ kind: "name", text: "Hotel Sagar" });
    expect(searchKind("  ")).toEqual({ kind: "none" });
  });

  it("says a count above the cap as the cap and a plus", () => {
    expect(countLabel(42)).toBe("42");
    expect(countLabel(1000)).toBe("1,000");
    expect(countLabel(1001)).toBe("1,000+");
    expect(atLeastLabel(123456)).toBe("1,23,456+");
  });
});
