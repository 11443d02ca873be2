import { Children, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PACK_UNITS } from "../../modules/catalog/catalogue-input";
import { type PostedProduct, postedFields, postedProductSchema, VEG_TYPES } from "../../modules/console/product-form";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { ActionMessage } from "./action-message";
import { describedBy, Field, fieldErrors } from "./field";
import type { CategoryChoice } from "./product-filters-form";
import { ProductPhotos } from "./product-photos";
import { ProductPreview } from "./product-preview";

/** Sizes shown on the form: the product's own, then empty rows to add more. */
const EMPTY_SIZE_ROWS = 3;

interface EditorProps {
  csrf: string;
  product: { id: string; name: string; slug: string; active: boolean } | null;
  fields: PostedProduct;
  version: string;
  shown: string;
  saved: boolean;
  rates: number[];
  categories: CategoryChoice[];
  brands: { id: string; name: string }[];
  answer: unknown;
}

/** Two short fields side by side where there is room (MRP and price, a tier's price and quantity). */
function Pair({ children }: { children: React.ReactNode }) {
  return (
    <div className="console-pair">
      {Children.map(children, (field) => (
        <div>{field}</div>
      ))}
    </div>
  );
}

/** The form as an answer left it (what was posted, with uploads added), else as stored. */
function answered(answer: unknown): { posted: PostedProduct; version: string; shown: string } | null {
  if (typeof answer !== "object" || answer === null || !("posted" in answer)) return null;
  return answer as { posted: PostedProduct; version: string; shown: string };
}

/**
 * A product's every field (issue 56), grouped as a shop thinks of them, each mistake at its
 * field, and the card the store would show beside it, changing as the form is typed into.
 */
export function ProductEditor(props: EditorProps) {
  const back = answered(props.answer);
  // A new answer renders the form afresh from what it holds (uploads included).
  return <EditorForm key={back ? JSON.stringify(back.posted.photo) + back.version : "stored"} {...props} />;
}

function EditorForm({ csrf, product, rates, categories, brands, answer, saved, ...stored }: EditorProps) {
  const back = answered(answer);
  const initial = back?.posted ?? stored.fields;
  const [fields, setFields] = useState(initial);
  const busy = useNavigation().state === "submitting";
  const errors = fieldErrors(answer);
  const control = (id: keyof PostedProduct, hint = false) => ({
    id,
    name: id,
    "aria-invalid": errors[id] ? true : undefined,
    "aria-describedby": describedBy(errors, id, hint),
  });
  const sizeRows = [
    ...initial.sizeLabel.map((label, index) => ({
      label,
      stock: initial.sizeStock[index] ?? "",
      min: initial.sizeMin[index] ?? "",
      pack: initial.sizePack[index] ?? "",
    })),
    ...Array.from({ length: EMPTY_SIZE_ROWS }, () => ({ label: "", stock: "", min: "", pack: "" })),
  ];
  return (
    <>
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <div className="console-heading">
        <h1>{product ? product.name : "New product"}</h1>
        {product?.active ? (
          <p className="console-actions">
            <a className="button secondary small" href={`/products/${product.slug}`} target="_blank" rel="noopener">
              View in the store
            </a>
          </p>
        ) : null}
      </div>
      {saved && !answer ? (
        <p className="alert alert--success" role="status">
          Saved. The store shows it now.
        </p>
      ) : null}
      <ActionMessage answer={answer} />
      <div className="console-editor">
        <Form
          method="post"
          encType="multipart/form-data"
          className="console-step console-step--wide console-product-form"
          noValidate
          onChange={(event) => {
            const typed = postedProductSchema.safeParse(postedFields(new FormData(event.currentTarget)));
            if (typed.success) setFields(typed.data);
          }}
        >
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          {/* Enter in a field saves: the first submit button is the form's default, and the photos' come next. */}
          <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
          <input type="hidden" name="version" value={back?.version ?? stored.version} />
          <input type="hidden" name="shown" value={back?.shown ?? stored.shown} />
          <fieldset>
            <legend>Name and description</legend>
            <Field id="name" label="Name" error={errors.name}>
              <input {...control("name")} defaultValue={initial.name} maxLength={200} required />
            </Field>
            <Field
              id="slug"
              label="Slug"
              error={errors.slug}
              hint="The product's address in the store, /products/slug. Made from the name when left empty."
            >
              <input {...control("slug", true)} defaultValue={initial.slug} maxLength={120} spellCheck={false} />
            </Field>
            <Field id="description" label="Description" error={errors.description}>
              <textarea {...control("description")} defaultValue={initial.description} rows={5} />
            </Field>
          </fieldset>

          <fieldset>
            <legend>Photos</legend>
            <ProductPhotos
              initial={{ photo: initial.photo, photoAlt: initial.photoAlt }}
              onChange={(list) => setFields((now) => ({ ...now, ...list }))}
              errors={errors}
            />
            {errors.photo ? (
              <p id="photo-error" className="field-error">
                {errors.photo}
              </p>
            ) : null}
            <Field
              id="upload"
              label="Upload photos"
              error={errors.upload}
              hint="JPEG, PNG or WebP, up to 10 MB each. The first photo is the one lists show."
            >
              <input
                {...control("upload" as keyof PostedProduct, true)}
                name="upload"
                type="file"
                multiple
                accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
              />
            </Field>
            <Field id="photoLink" label="Or a photo's link" error={errors.photoLink} hint="Starts with https://">
              <input {...control("photoLink" as keyof PostedProduct, true)} name="photoLink" type="url" />
            </Field>
            <button type="submit" name="intent" value="upload" className="button secondary" disabled={busy}>
              Add photos
            </button>
          </fieldset>

          <fieldset>
            <legend>Prices</legend>
            <p className="muted">In rupees, GST included. Tiers are cheaper prices for buying more.</p>
            <Pair>
              <Field id="mrp" label="MRP" error={errors.mrp}>
                <input {...control("mrp")} defaultValue={initial.mrp} inputMode="decimal" />
              </Field>
              <Field id="salePrice1" label="Price" error={errors.salePrice1}>
                <input {...control("salePrice1")} defaultValue={initial.salePrice1} inputMode="decimal" />
              </Field>
            </Pair>
            <Pair>
              <Field id="salePrice2" label="Tier 2 price" error={errors.salePrice2}>
                <input {...control("salePrice2")} defaultValue={initial.salePrice2} inputMode="decimal" />
              </Field>
              <Field id="saleQty2" label="Tier 2 from quantity" error={errors.saleQty2}>
                <input {...control("saleQty2")} defaultValue={initial.saleQty2} inputMode="numeric" />
              </Field>
            </Pair>
            <Pair>
              <Field id="salePrice3" label="Tier 3 price" error={errors.salePrice3}>
                <input {...control("salePrice3")} defaultValue={initial.salePrice3} inputMode="decimal" />
              </Field>
              <Field id="saleQty3" label="Tier 3 from quantity" error={errors.saleQty3}>
                <input {...control("saleQty3")} defaultValue={initial.saleQty3} inputMode="numeric" />
              </Field>
            </Pair>
            <Pair>
              <Field
                id="minOrderQty"
                label="Minimum order quantity"
                error={errors.minOrderQty}
                hint="The fewest units one order takes. Empty: 1."
              >
                <input {...control("minOrderQty", true)} defaultValue={initial.minOrderQty} inputMode="numeric" />
              </Field>
              <Field
                id="packOf"
                label="Sold in packs of"
                error={errors.packOf}
                hint="Orders are whole packs, like 12 for a case. Empty: sold singly."
              >
                <input {...control("packOf", true)} defaultValue={initial.packOf} inputMode="numeric" />
              </Field>
            </Pair>
          </fieldset>

          <fieldset>
            <legend>Shelves and details</legend>
            <Field id="categoryId" label="Category" error={errors.categoryId}>
              <select {...control("categoryId")} defaultValue={initial.categoryId}>
                <option value="">None</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="subCategoryId" label="Sub-category" error={errors.subCategoryId}>
              <select {...control("subCategoryId")} defaultValue={initial.subCategoryId}>
                <option value="">None</option>
                {categories
                  .filter((category) => category.subCategories.length > 0)
                  .filter((category) => !fields.categoryId || category.id === fields.categoryId)
                  .map((category) => (
                    <optgroup key={category.id} label={category.name}>
                      {category.subCategories.map((sub) => (
                        <option key={sub.id} value={sub.id}>
                          {sub.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
              </select>
            </Field>
            <Field id="brandId" label="Brand" error={errors.brandId}>
              <select {...control("brandId")} defaultValue={initial.brandId}>
                <option value="">None</option>
                {brands.map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="vegType" label="Veg mark" error={errors.vegType}>
              <select {...control("vegType")} defaultValue={initial.vegType}>
                {VEG_TYPES.map((veg) => (
                  <option key={veg.value} value={veg.value}>
                    {veg.label}
                  </option>
                ))}
              </select>
            </Field>
            <Pair>
              <Field id="packSizeValue" label="Pack size" error={errors.packSizeValue}>
                <input {...control("packSizeValue")} defaultValue={initial.packSizeValue} inputMode="decimal" />
              </Field>
              <Field id="packSizeUnit" label="Unit" error={errors.packSizeUnit}>
                <select {...control("packSizeUnit")} defaultValue={initial.packSizeUnit}>
                  <option value="">None</option>
                  {PACK_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </select>
              </Field>
            </Pair>
            <Field id="sku" label="SKU" error={errors.sku} hint="The shop's own code for it, unique in the store.">
              <input {...control("sku", true)} defaultValue={initial.sku} maxLength={64} spellCheck={false} />
            </Field>
          </fieldset>

          <fieldset>
            <legend>GST</legend>
            <Pair>
              <Field
                id="hsnCode"
                label="HSN code"
                error={errors.hsnCode}
                hint="4, 6 or 8 digits; empty: the category's."
              >
                <input {...control("hsnCode", true)} defaultValue={initial.hsnCode} inputMode="numeric" maxLength={8} />
              </Field>
              <Field id="gstRate" label="GST rate" error={errors.gstRate}>
                <select {...control("gstRate")} defaultValue={initial.gstRate}>
                  <option value="">The category's rate</option>
                  {rates.map((rate) => (
                    <option key={rate} value={String(rate)}>
                      {rate}%
                    </option>
                  ))}
                </select>
              </Field>
            </Pair>
          </fieldset>

          <fieldset>
            <legend>Stock</legend>
            <label className="console-check">
              <input
                type="checkbox"
                name="trackInventory"
                defaultChecked={initial.trackInventory === "on"}
                aria-describedby="trackInventory-hint"
              />
              Count stock
            </label>
            <p id="trackInventory-hint" className="muted">
              Counted stock stops orders at zero. Not counted: shoppers may order up to 9,999.
            </p>
            <Field
              id="inventory"
              label="Units in stock"
              error={errors.inventory}
              hint="For a product sold in sizes, give each size's stock below instead."
            >
              <input {...control("inventory", true)} defaultValue={initial.inventory} inputMode="numeric" />
            </Field>
            <table className="console-sizes">
              <caption>
                Sizes, each with its own stock (like 250 ml and 500 ml cups), and its own minimum and pack where they
                differ from the product's (empty: the product's)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Size</th>
                  <th scope="col">Units in stock</th>
                  <th scope="col">Minimum</th>
                  <th scope="col">Packs of</th>
                </tr>
              </thead>
              <tbody>
                {sizeRows.map((size, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions on the form; a label may be typed into any of them.
                  <tr key={index}>
                    <td>
                      <input
                        name="sizeLabel"
                        defaultValue={size.label}
                        maxLength={60}
                        aria-label={`Size ${index + 1}`}
                        aria-invalid={errors.sizeLabel ? true : undefined}
                      />
                    </td>
                    <td>
                      <input
                        name="sizeStock"
                        defaultValue={size.stock}
                        inputMode="numeric"
                        aria-label={`Units in stock of size ${index + 1}`}
                        aria-invalid={errors.sizeStock ? true : undefined}
                      />
                    </td>
                    <td>
                      <input
                        name="sizeMin"
                        defaultValue={size.min}
                        inputMode="numeric"
                        aria-label={`Minimum order of size ${index + 1}`}
                        aria-invalid={errors.sizeMin ? true : undefined}
                      />
                    </td>
                    <td>
                      <input
                        name="sizePack"
                        defaultValue={size.pack}
                        inputMode="numeric"
                        aria-label={`Packs of, size ${index + 1}`}
                        aria-invalid={errors.sizeMin ? true : undefined}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {errors.sizeLabel || errors.sizeStock || errors.sizeMin ? (
              <p className="field-error">{errors.sizeLabel ?? errors.sizeStock ?? errors.sizeMin}</p>
            ) : null}
          </fieldset>

          <label className="console-check">
            <input type="checkbox" name="active" defaultChecked={initial.active === "on"} />
            On sale (shown in the store)
          </label>
          <p className="console-row-buttons">
            <button type="submit" name="intent" value="save" className="button" disabled={busy}>
              {product ? "Save product" : "Create product"}
            </button>
          </p>
        </Form>
        <ProductPreview fields={fields} />
      </div>
      {product ? (
        <details className="console-panel">
          <summary>Delete this product</summary>
          <p>
            It leaves the store and its search at once; orders already placed keep their lines. To stop selling it for a
            while, untick On sale instead.
          </p>
          <Form method="post">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <button type="submit" name="intent" value="delete" className="button danger">
              Delete it for good
            </button>
          </Form>
        </details>
      ) : null}
    </>
  );
}
