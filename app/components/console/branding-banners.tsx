import type { PostedBranding } from "../../modules/console/branding-form";
import { imageAt } from "../ui/product-image";
import { describedBy, Field } from "./field";

type TextField =
  | "bannerAlt"
  | "bannerHeading"
  | "bannerText"
  | "bannerButton"
  | "bannerHref"
  | "bannerFrom"
  | "bannerTo";

const TEXT_FIELDS: { name: TextField; label: string; hint?: string; type?: string }[] = [
  {
    name: "bannerAlt",
    label: "Picture description",
    hint: "What the picture says, for shoppers who cannot see it.",
  },
  {
    name: "bannerHeading",
    label: "Heading (optional)",
    hint: "Shown over the picture as text: leave words out of the picture itself.",
  },
  { name: "bannerText", label: "Text (optional)" },
  { name: "bannerButton", label: "Button (optional)", hint: 'Its words, like "Shop the offer".' },
  {
    name: "bannerHref",
    label: "Link",
    hint: "A page of the store, like /products?category=dairy, or an https:// link.",
  },
  { name: "bannerFrom", label: "Show from (optional)", type: "date" },
  { name: "bannerTo", label: "Show until (optional)", type: "date" },
];

/**
 * The banners on the branding form, each a group of its picture, texts, link and dates, with
 * buttons to move it and remove it. The buttons post a step that changes only the form.
 */
export function BrandingBanners({
  fields,
  errors,
  busy,
}: {
  fields: PostedBranding;
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  const count = fields.bannerImage.length;
  if (count === 0) return <p>No banners yet: the home page starts with its categories.</p>;
  return (
    <ol className="console-banners">
      {fields.bannerImage.map((image, index) => {
        const number = index + 1;
        return (
          <li key={image}>
            <fieldset>
              <legend>Banner {number}</legend>
              <input type="hidden" name="bannerImage" value={image} />
              <img src={imageAt(image, 320)} alt="" width="320" height="120" />
              {errors[`bannerImage-${index}`] ? <p className="field-error">{errors[`bannerImage-${index}`]}</p> : null}
              {TEXT_FIELDS.map((field) => {
                const id = `${field.name}-${index}`;
                return (
                  <Field key={field.name} id={id} label={field.label} hint={field.hint} error={errors[id]}>
                    <input
                      id={id}
                      name={field.name}
                      type={field.type ?? "text"}
                      defaultValue={fields[field.name][index] ?? ""}
                      aria-invalid={errors[id] ? true : undefined}
                      aria-describedby={describedBy(errors, id, Boolean(field.hint))}
                    />
                  </Field>
                );
              })}
              <p className="console-row-buttons">
                <button
                  type="submit"
                  name="intent"
                  value={`banner-up:${index}`}
                  className="text-button"
                  disabled={busy || index === 0}
                >
                  Move up
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={`banner-down:${index}`}
                  className="text-button"
                  disabled={busy || index === count - 1}
                >
                  Move down
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={`banner-remove:${index}`}
                  className="text-button"
                  disabled={busy}
                >
                  Remove
                </button>
              </p>
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}
