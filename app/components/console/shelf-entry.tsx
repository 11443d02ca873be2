import { Form } from "react-router";
import type { Shelf } from "../../modules/console/shelves.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { imageAt } from "../ui/product-image";

export interface ShelfChoice {
  id: string;
  label: string;
}

/**
 * One category, sub-category or brand on the console's page (issue 56): its picture, name and
 * products, moved by buttons, and changed in a panel: renamed, given a picture, or deleted with
 * its products moved to another first.
 */
export function ShelfEntry({
  csrf,
  shelf,
  entry,
  moveTargets,
  canMove,
  children,
}: {
  csrf: string;
  shelf: Shelf;
  entry: { id: string; name: string; logo: string | null; products: number };
  /** Where its products may go when it is deleted: the others of its kind. */
  moveTargets: ShelfChoice[];
  canMove: { up: boolean; down: boolean } | null;
  children?: React.ReactNode;
}) {
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="shelf" value={shelf} />
      <input type="hidden" name="id" value={entry.id} />
    </>
  );
  const what = shelf === "brand" ? "brand" : "category";
  return (
    <li className="console-shelf">
      <div className="console-shelf__row">
        {entry.logo ? (
          <img src={imageAt(entry.logo, 160)} alt="" width={40} height={40} />
        ) : (
          <span className="console-thumb" aria-hidden="true" />
        )}
        <span className="console-shelf__name">
          <strong>{entry.name}</strong>{" "}
          <span className="muted">
            {entry.products} {entry.products === 1 ? "product" : "products"}
          </span>
        </span>
        {canMove ? (
          <Form method="post" className="console-row-buttons">
            {hidden("move")}
            <button
              type="submit"
              name="direction"
              value="up"
              className="text-button"
              disabled={!canMove.up}
              aria-label={`Move up ${entry.name}`}
            >
              Move up
            </button>
            <button
              type="submit"
              name="direction"
              value="down"
              className="text-button"
              disabled={!canMove.down}
              aria-label={`Move down ${entry.name}`}
            >
              Move down
            </button>
          </Form>
        ) : null}
      </div>
      <details className="console-shelf__change">
        <summary>Change {entry.name}</summary>
        <Form method="post" className="console-form--row">
          {hidden("rename")}
          <label htmlFor={`rename-${entry.id}`}>New name</label>
          <input id={`rename-${entry.id}`} name="name" defaultValue={entry.name} maxLength={100} required />
          <button type="submit" className="button secondary">
            Rename
          </button>
        </Form>
        <Form method="post" encType="multipart/form-data" className="console-form--row">
          {hidden("logo")}
          <label htmlFor={`logo-${entry.id}`}>{shelf === "brand" ? "Logo" : "Photo"}</label>
          <input id={`logo-${entry.id}`} name="logo" type="file" accept="image/jpeg,image/png,image/webp" />
          <button type="submit" className="button secondary">
            Upload
          </button>
          {entry.logo ? (
            <button type="submit" name="clear" value="yes" className="text-button">
              Remove the picture
            </button>
          ) : null}
        </Form>
        <Form method="post" className="console-form--row">
          {hidden("delete")}
          {entry.products > 0 ? (
            <>
              <label htmlFor={`move-${entry.id}`}>Move its products to</label>
              <select id={`move-${entry.id}`} name="moveTo" defaultValue="">
                <option value="">Choose a {what}…</option>
                {moveTargets
                  .filter((target) => target.id !== entry.id)
                  .map((target) => (
                    <option key={target.id} value={target.id}>
                      {target.label}
                    </option>
                  ))}
              </select>
            </>
          ) : null}
          <button type="submit" className="button danger">
            Delete {entry.name}
          </button>
        </Form>
      </details>
      {children}
    </li>
  );
}
