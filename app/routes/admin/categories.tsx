import { data, Form } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { ShelfEntry } from "../../components/console/shelf-entry";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import {
  createShelf,
  deleteShelf,
  listBrands,
  listCategoryTree,
  moveCategory,
  renameShelf,
  type Shelf,
  type ShelfOutcome,
  setShelfLogo,
} from "../../modules/console/shelves.server";
import { readFormBody } from "../../modules/http/json.server";
import { MAX_UPLOAD_BYTES, storePhoto } from "../../modules/media/upload.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => [
  { title: "Categories and brands · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const store = requireStore(context);
  const [tree, brandList] = await Promise.all([
    listCategoryTree(context.db, store.id),
    listBrands(context.db, store.id),
  ]);
  return { csrf: context.csrf, tree, brands: brandList };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url);
  const store = requireStore(context);
  const read = await readFormBody(request, MAX_UPLOAD_BYTES + 64 * 1024);
  if (!read.ok) throw read.response;
  const form = read.form;
  if (context.antiForgery.checkForm(request, form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const actor = { member, ip: context.clientIp };
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  const shelf: Shelf = text("shelf") === "brand" ? "brand" : "category";
  const id = text("id");
  const answer = (outcome: ShelfOutcome, notice: string) =>
    outcome.ok ? { notice } : data({ error: outcome.error }, { status: 422 });

  switch (text("intent")) {
    case "create-category":
      return answer(
        await createShelf(context.db, actor, "category", text("name"), text("parentId") || null),
        `"${text("name").trim()}" is added.`,
      );
    case "create-brand":
      return answer(
        await createShelf(context.db, actor, "brand", text("name"), null),
        `"${text("name").trim()}" is added.`,
      );
    case "rename":
      return answer(
        await renameShelf(context.db, actor, shelf, id, text("name")),
        "Renamed. The store and its search use the new name now.",
      );
    case "move":
      return answer(await moveCategory(context.db, actor, id, text("direction") === "up" ? "up" : "down"), "Moved.");
    case "logo": {
      if (text("clear") === "yes")
        return answer(await setShelfLogo(context.db, actor, shelf, id, null), "The picture is removed.");
      const file = form.get("logo");
      if (typeof file === "string" || file === null || file.size === 0) {
        return data({ error: "Choose a picture to upload." }, { status: 422 });
      }
      const stored = await storePhoto(context.db, store.id, file, shelf === "brand" ? "brands" : "categories");
      if (!stored.ok) return data({ error: stored.error }, { status: 422 });
      return answer(await setShelfLogo(context.db, actor, shelf, id, stored.url), "The picture is saved.");
    }
    case "delete":
      return answer(await deleteShelf(context.db, actor, shelf, id, text("moveTo") || null), "Deleted.");
    default:
      return data({ error: "That is not something this page does." }, { status: 400 });
  }
}

/** /admin/categories: the store's categories, sub-categories and brands (issue 56). */
export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, tree, brands } = loaderData;
  const categoryTargets = tree.flatMap((category) => [
    { id: category.id, label: category.name },
    ...category.subCategories.map((sub) => ({ id: sub.id, label: `${category.name} › ${sub.name}` })),
  ]);
  const brandTargets = brands.map((brand) => ({ id: brand.id, label: brand.name }));
  return (
    <>
      <h1>Categories and brands</h1>
      <ActionMessage answer={actionData} />
      <h2>Categories</h2>
      <p className="muted">In the order the store's menu and home page show them.</p>
      <ol className="console-shelves">
        {tree.map((category, index) => (
          <ShelfEntry
            key={category.id}
            csrf={csrf}
            shelf="category"
            entry={category}
            moveTargets={categoryTargets}
            canMove={{ up: index > 0, down: index < tree.length - 1 }}
          >
            {category.subCategories.length > 0 ? (
              <ol className="console-shelves console-shelves--sub" aria-label={`Sub-categories of ${category.name}`}>
                {category.subCategories.map((sub, subIndex) => (
                  <ShelfEntry
                    key={sub.id}
                    csrf={csrf}
                    shelf="category"
                    entry={sub}
                    moveTargets={categoryTargets}
                    canMove={{ up: subIndex > 0, down: subIndex < category.subCategories.length - 1 }}
                  />
                ))}
              </ol>
            ) : null}
          </ShelfEntry>
        ))}
      </ol>
      <Form method="post" className="console-step console-form--row">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="intent" value="create-category" />
        <label htmlFor="new-category">New category</label>
        <input id="new-category" name="name" maxLength={100} required />
        <label htmlFor="new-category-parent">Inside</label>
        <select id="new-category-parent" name="parentId" defaultValue="">
          <option value="">Nothing: a top-level category</option>
          {tree.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          Add category
        </button>
      </Form>

      <h2>Brands</h2>
      <ol className="console-shelves">
        {brands.map((brand) => (
          <ShelfEntry
            key={brand.id}
            csrf={csrf}
            shelf="brand"
            entry={brand}
            moveTargets={brandTargets}
            canMove={null}
          />
        ))}
      </ol>
      <Form method="post" className="console-step console-form--row">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="intent" value="create-brand" />
        <label htmlFor="new-brand">New brand</label>
        <input id="new-brand" name="name" maxLength={100} required />
        <button type="submit" className="button">
          Add brand
        </button>
      </Form>
    </>
  );
}
