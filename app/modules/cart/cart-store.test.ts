import { describe, expect, it } from "vitest";
import { parseStoredCart } from "./cart-store";

const meta = {
  productId: "p1",
  baseUnitPrice: 10_000,
  salePrice2: 9_000,
  saleQty2: 10,
  salePrice3: null,
  saleQty3: null,
};
const line = {
  id: "p1||",
  name: "Toor Dal 1 kg",
  photo: "/media/demo/toor.webp",
  unitPrice: 10_000,
  qty: 12,
  sku: "TD-1",
  size: null,
  isSet: false,
  setSizes: [],
  meta,
};

describe("parseStoredCart", () => {
  it("reads the lines and prices them again from their tiers, not from the stored price", () => {
    const [read] = parseStoredCart(JSON.stringify({ lines: [{ ...line, unitPrice: 1 }] }));
    expect(read).toEqual({ ...line, unitPrice: 9_000 });
    expect(parseStoredCart(JSON.stringify([line]))).toHaveLength(1);
  });

  it("repairs optional fields and drops lines it cannot trust", () => {
    const repaired = parseStoredCart(
      JSON.stringify([{ ...line, photo: 5, sku: undefined, isSet: "yes", setSizes: "S", unitPrice: -3 }]),
    );
    expect(repaired[0]).toMatchObject({ photo: null, sku: null, isSet: false, setSizes: [], unitPrice: 9_000 });
    const dropped = parseStoredCart(
      JSON.stringify([
        { ...line, qty: 0 },
        { ...line, qty: 1.5 },
        { ...line, name: undefined },
        { ...line, meta: { ...meta, baseUnitPrice: -1 } },
        { ...line, meta: { ...meta, saleQty2: 0 } },
      ]),
    );
    expect(dropped).toHaveLength(1);
    expect(dropped[0]?.meta.saleQty2).toBeNull();
  });

  it("keeps only the fields of a line, whatever else was stored beside them", () => {
    const [read] = parseStoredCart(
      JSON.stringify([{ ...line, extra: "x", setSizes: ["S", 3], meta: { ...meta, salePrice3: 1.5, note: "y" } }]),
    );
    expect(read).toEqual({ ...line, unitPrice: 9_000, setSizes: [] });
    expect(Object.keys(read?.meta ?? {}).sort()).toEqual(Object.keys(meta).sort());
    expect(parseStoredCart(JSON.stringify([{ ...line, isSet: true, setSizes: ["S", "M"] }]))[0]).toMatchObject({
      isSet: true,
      setSizes: ["S", "M"],
    });
    expect(
      parseStoredCart(
        JSON.stringify([
          { ...line, meta: null },
          { ...line, meta: [meta] },
        ]),
      ),
    ).toEqual([]);
  });

  it("answers nothing readable with an empty cart", () => {
    for (const raw of [null, "", "{", "42", '{"lines":"x"}', "[null, 3]"]) expect(parseStoredCart(raw)).toEqual([]);
  });
});
