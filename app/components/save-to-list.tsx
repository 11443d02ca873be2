import { useEffect, useRef, useState } from "react";
import type { CartLine } from "../modules/cart/rules";
import { addToList, createList, fetchLists, type ListLineInput, type ListSummary } from "../modules/lists/client";
import { LIST_MESSAGES } from "../modules/lists/messages";
import { Link } from "../platform/navigation/navigation";

type Message = { text: string; tone: "success" | "error"; signIn?: boolean };

function Said({ message }: { message: Message | null }) {
  if (!message) return null;
  return (
    <p className={`alert alert--${message.tone}`} role={message.tone === "error" ? "alert" : "status"}>
      {message.text}
      {message.signIn ? (
        <>
          {" "}
          <Link to="/account">Sign in</Link>
        </>
      ) : null}
    </p>
  );
}

/** "Save this cart as a list" (issue 59): the cart's products and quantities kept under a name. */
export function SaveCartAsList({ lines }: { lines: readonly CartLine[] }) {
  const [name, setName] = useState("");
  const [message, setMessage] = useState<Message | null>(null);
  return (
    <details className="save-to-list">
      <summary>Save this cart as a list</summary>
      <form
        className="save-to-list__form"
        onSubmit={async (event) => {
          event.preventDefault();
          const result = await createList({
            name: name.trim(),
            lines: lines.map((line) => ({
              productId: line.meta.productId,
              size: line.size,
              setSizes: line.setSizes,
              qty: line.qty,
            })),
          });
          setMessage(
            result.ok
              ? {
                  text: `${LIST_MESSAGES.saved(result.list.name)} Add it to the cart from your account next time.`,
                  tone: "success",
                }
              : { text: result.error, tone: "error", signIn: result.status === 401 },
          );
        }}
      >
        <label htmlFor="cart-list-name">List name</label>
        <span className="inline-field">
          <input
            id="cart-list-name"
            value={name}
            maxLength={60}
            placeholder="Weekly veg"
            required
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <button type="submit" className="button secondary small">
            Save as a list
          </button>
        </span>
      </form>
      <Said message={message} />
    </details>
  );
}

const NEW_LIST = "new";

/**
 * "Add to a list" on a product's page (issue 59): the customer's lists are asked for when it is
 * opened; the product goes into the one chosen, or into a new list named here.
 */
export function AddToList({ line, productName }: { line: ListLineInput; productName: string }) {
  const [lists, setLists] = useState<ListSummary[] | null>(null);
  const [chosen, setChosen] = useState(NEW_LIST);
  const [name, setName] = useState("");
  const [message, setMessage] = useState<Message | null>(null);
  const folded = useRef<HTMLDetailsElement>(null);

  // Opened before the page's scripts ran: its toggle was missed, so the lists are asked for now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useEffect(() => {
    if (folded.current?.open) void load();
  }, []);

  async function load() {
    const result = await fetchLists();
    if (!result.ok) {
      setMessage({ text: result.error, tone: "error", signIn: result.status === 401 });
      return;
    }
    setLists(result.lists);
    setChosen(result.lists[0]?.id ?? NEW_LIST);
  }

  return (
    <details
      ref={folded}
      className="save-to-list"
      onToggle={(event) => {
        if (event.currentTarget.open && lists === null) void load();
      }}
    >
      <summary>Add to a list</summary>
      {lists ? (
        <form
          className="save-to-list__form"
          onSubmit={async (event) => {
            event.preventDefault();
            const result =
              chosen === NEW_LIST
                ? await createList({ name: name.trim(), lines: [line] })
                : await addToList(chosen, line);
            if (!result.ok) {
              setMessage({ text: result.error, tone: "error", signIn: result.status === 401 });
              return;
            }
            setMessage({
              text: `${productName} × ${line.qty}: ${LIST_MESSAGES.added(result.list.name)}`,
              tone: "success",
            });
            if (chosen === NEW_LIST) {
              setLists((before) => [result.list, ...(before ?? [])]);
              setChosen(result.list.id);
              setName("");
            }
          }}
        >
          <label htmlFor="add-to-list-choice">List</label>
          <select id="add-to-list-choice" value={chosen} onChange={(event) => setChosen(event.currentTarget.value)}>
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
            <option value={NEW_LIST}>A new list…</option>
          </select>
          {chosen === NEW_LIST ? (
            <>
              <label htmlFor="add-to-list-name">New list's name</label>
              <input
                id="add-to-list-name"
                value={name}
                maxLength={60}
                placeholder="Weekly veg"
                required
                onChange={(event) => setName(event.currentTarget.value)}
              />
            </>
          ) : null}
          <button type="submit" className="button secondary small">
            Add to list
          </button>
        </form>
      ) : message ? null : (
        <p className="muted small">Loading your lists…</p>
      )}
      <Said message={message} />
    </details>
  );
}
