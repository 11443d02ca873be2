import type { Db } from "../../db/client.server";
import { NO_FILTERS } from "../catalog/listing";
import { searchProducts } from "./search.server";
import type { SearchStarts } from "./start.server";

export interface Suggestion {
  id: string;
  slug: string;
  name: string;
  photo: string | null;
  price: number;
  soldOut: boolean;
}

/** Up to `limit` products for the header search box, best matches first. */
export async function suggestProducts(
  db: Db,
  storeId: string,
  q: string,
  limit = 8,
  searchStarts?: SearchStarts,
): Promise<Suggestion[]> {
  const page = await searchProducts(
    db,
    storeId,
    { ...NO_FILTERS, q, sort: "relevance" },
    { offset: 0, limit },
    searchStarts,
  );
  return page.products.map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    photo: p.photo,
    price: p.price,
    soldOut: p.stock.kind === "sold-out",
  }));
}
