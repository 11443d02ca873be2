import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { firstQuantity } from "../../modules/cart/packs";
import {
  deleteList,
  fetchList,
  type ListItemView,
  type ListSummary,
  type ListView,
  listIntoCart,
  saveList,
} from "../../modules/lists/client";
import { formatINR } from "../../modules/money/format";
import { QuantityInput } from "../quantity-input";
import { ProductImage } from "../ui/product-image";

type Message = { text: string; tone: "success" | "error" };

/**
 * "My lists" (issue 59): the customer's usual orders by name, each put into the cart in one go
 * at today's prices, or opened to change its quantities, take lines out, rename or delete it.
 * Lists are made from the cart, a product's page or a past order.
 */
export function SavedLists({ lists }: { lists: ListSummary[] | null }) {
  const [open, setOpen] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  if (lists === null) return null;
  return (
    <section className="panel saved-lists" aria-labelledby="lists-heading">
      <h2 id="lists-heading">My lists</h2>
      {message ? (
        <p className={`alert alert--${message.tone}`} role={message.tone === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
      {lists.length === 0 ? (
        <p className="muted">
          Keep what you order every week as a list: save your cart from the <Link to="/cart">cart</Link>, a past order
          from its window below, or add products from their pages.
        </p>
      ) : (
        <ul className="saved-lists__list">
          {lists.map((list) => (
            <li key={list.id}>
              <span className="saved-lists__name">
                <strong>{list.name}</strong>
                <span className="muted small">
                  {list.itemCount} {list.itemCount === 1 ? "item" : "items"}
                </span>
              </span>
              <span className="saved-lists__actions">
                <button
                  type="button"
                  className="button small"
                  disabled={list.itemCount === 0}
                  onClick={async () => {
                    const result = await listIntoCart(list.id);
                    setMessage({ text: result.text, tone: result.ok ? "success" : "error" });
                  }}
                >
                  Add list to cart<span className="visually-hidden">: {list.name}</span>
                </button>
                <button type="button" className="button secondary small" onClick={() => setOpen(list.id)}>
                  Open<span className="visually-hidden"> {list.name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {open ? <ListWindow listId={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function ListWindow({ listId, onClose }: { listId: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const revalidator = useRevalidator();
  const [list, setList] = useState<ListView | null>(null);
  const [name, setName] = useState("");
  const [items, setItems] = useState<ListItemView[]>([]);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    void fetchList(listId).then((result) => {
      if (!result.ok) {
        setMessage({ text: result.error, tone: "error" });
        return;
      }
      setList(result.list);
      setName(result.list.name);
      setItems(result.list.items);
    });
  }, [listId]);

  const changed =
    list !== null &&
    (name.trim() !== list.name ||
      items.length !== list.items.length ||
      items.some((item, index) => item.qty !== list.items[index]?.qty));

  async function save(): Promise<boolean> {
    setBusy(true);
    const result = await saveList(listId, {
      name: name.trim(),
      // A product gone from the store cannot be sent back: it is left out of the saved list.
      lines: items.flatMap((item) =>
        item.productId ? [{ productId: item.productId, size: item.size, setSizes: item.setSizes, qty: item.qty }] : [],
      ),
    });
    setBusy(false);
    if (!result.ok) {
      setMessage({ text: result.error, tone: "error" });
      return false;
    }
    setList((before) => (before ? { ...before, name: result.list.name, items } : before));
    setMessage({ text: `Saved ${result.list.name}.`, tone: "success" });
    revalidator.revalidate();
    return true;
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="list-window-heading" onClose={onClose}>
      <div className="modal__panel">
        <h2 id="list-window-heading">{list?.name ?? "List"}</h2>
        {message ? (
          <p className={`alert alert--${message.tone}`} role={message.tone === "error" ? "alert" : "status"}>
            {message.text}
          </p>
        ) : null}
        {list ? (
          <>
            <label htmlFor="list-name">List name</label>
            <input
              id="list-name"
              value={name}
              maxLength={60}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            {items.length === 0 ? (
              <p className="muted">This list is empty.</p>
            ) : (
              <ul className="list-lines" aria-label={`Items in ${list.name}`}>
                {items.map((item, index) => (
                  <li key={`${item.productId}-${item.size}-${item.setSizes.join(",")}`} className="list-line">
                    <ProductImage
                      src={item.photo}
                      alt=""
                      sizes="48px"
                      size={48}
                      thumbnail
                      className="list-line__image"
                    />
                    <span className="list-line__text">
                      <strong>{item.name}</strong>
                      <span className="muted small">
                        {item.unitPrice !== null ? `${formatINR(item.unitPrice)} each today` : null}
                        {item.unitsLabel ? ` · ${item.unitsLabel}` : null}
                      </span>
                      {item.problem ? <span className="field-error">{item.problem}</span> : null}
                    </span>
                    {item.productId ? (
                      <QuantityInput
                        label={`Quantity of ${item.name}`}
                        value={item.qty}
                        min={firstQuantity({ minQty: item.minQty, packOf: item.packOf })}
                        max={100_000}
                        units={{ minQty: item.minQty, packOf: item.packOf }}
                        onChange={(qty) =>
                          setItems((before) => before.map((line, at) => (at === index ? { ...line, qty } : line)))
                        }
                      />
                    ) : (
                      <span className="muted small">× {item.qty}</span>
                    )}
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setItems((before) => before.filter((_, at) => at !== index))}
                    >
                      Remove<span className="visually-hidden"> {item.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : message ? null : (
          <p className="muted">Loading…</p>
        )}
        <div className="actions">
          <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
            Close
          </button>
          <button type="button" className="button secondary" disabled={!changed || busy} onClick={() => void save()}>
            Save changes
          </button>
          <button
            type="button"
            className="button"
            disabled={!list || items.length === 0 || busy}
            onClick={async () => {
              if (changed && !(await save())) return;
              const result = await listIntoCart(listId);
              setMessage({ text: result.text, tone: result.ok ? "success" : "error" });
            }}
          >
            Add list to cart
          </button>
          <button
            type="button"
            className="link-button"
            disabled={!list || busy}
            onClick={async () => {
              if (!window.confirm(`Delete the list ${list?.name ?? ""}? Your orders are not changed.`)) return;
              if (await deleteList(listId)) {
                revalidator.revalidate();
                dialog.current?.close();
              } else setMessage({ text: "Could not delete the list. Please try again.", tone: "error" });
            }}
          >
            Delete list
          </button>
        </div>
      </div>
    </dialog>
  );
}
