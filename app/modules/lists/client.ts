/** The browser's side of the lists API (issue 59), and putting priced lines into the cart. */
import { accountApi } from "../accounts/client";
import { cart } from "../cart/cart-store";
import type { QuotedLine } from "../checkout/quote";
import type { ListSummary, ListView } from "./lists.server";
import { LIST_MESSAGES } from "./messages";

export type { ListItemView, ListSummary, ListView } from "./lists.server";

export interface ListLineInput {
  productId: string;
  size: string | null;
  setSizes: string[];
  qty: number;
}

/** The server's error, or the words for a customer who is not signed in. */
function problem(result: { status: number; error: string }): string {
  if (result.status === 401) return LIST_MESSAGES.signIn;
  return result.error || "Could not reach the store. Please try again.";
}

export async function fetchLists(): Promise<
  { ok: true; lists: ListSummary[] } | { ok: false; error: string; status: number }
> {
  const result = await accountApi<{ lists: ListSummary[] }>("/api/account/lists");
  return result.ok
    ? { ok: true, lists: result.data.lists }
    : { ok: false, error: problem(result), status: result.status };
}

export async function fetchList(id: string): Promise<{ ok: true; list: ListView } | { ok: false; error: string }> {
  const result = await accountApi<{ list: ListView }>(`/api/account/lists/${id}`);
  return result.ok ? { ok: true, list: result.data.list } : { ok: false, error: problem(result) };
}

type Saved = { ok: true; list: ListSummary } | { ok: false; error: string; status: number };
const saved = (result: Awaited<ReturnType<typeof accountApi<{ list: ListSummary }>>>): Saved =>
  result.ok ? { ok: true, list: result.data.list } : { ok: false, error: problem(result), status: result.status };

export async function createList(input: { name: string; lines?: ListLineInput[]; orderId?: string }): Promise<Saved> {
  return saved(await accountApi<{ list: ListSummary }>("/api/account/lists", "POST", input));
}

export async function saveList(id: string, input: { name: string; lines: ListLineInput[] }): Promise<Saved> {
  return saved(await accountApi<{ list: ListSummary }>(`/api/account/lists/${id}`, "PUT", input));
}

export async function addToList(id: string, line: ListLineInput): Promise<Saved> {
  return saved(await accountApi<{ list: ListSummary }>(`/api/account/lists/${id}/items`, "POST", line));
}

export async function deleteList(id: string): Promise<boolean> {
  const result = await accountApi<unknown>(`/api/account/lists/${id}`, "DELETE");
  return result.ok;
}

/** Lines priced by the server (a reorder, a list) put into the browser's cart. */
export function putInCart(lines: readonly QuotedLine[]): void {
  for (const line of lines) {
    cart.add(
      {
        name: line.name,
        photo: line.photo,
        sku: line.sku,
        size: line.size,
        isSet: line.setSizes.length > 0,
        setSizes: line.setSizes,
        meta: line.meta,
      },
      line.qty,
    );
  }
}

/** "Add list to cart": the message says what went in and names what did not, with why. */
export async function listIntoCart(id: string): Promise<{ ok: boolean; text: string }> {
  const result = await accountApi<{ lines: QuotedLine[]; leftOut: string[] }>(`/api/account/lists/${id}/cart`, "POST");
  if (!result.ok) return { ok: false, text: problem(result) };
  putInCart(result.data.lines);
  const { lines, leftOut } = result.data;
  const added =
    lines.length === 0
      ? "Nothing was added."
      : `${lines.length} ${lines.length === 1 ? "item" : "items"} added to cart.`;
  return { ok: lines.length > 0, text: leftOut.length > 0 ? `${added} Not added: ${leftOut.join(", ")}.` : added };
}
