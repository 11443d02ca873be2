import { useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  MAX_BANNERS,
  type PostedBranding,
  postedBrandingFields,
  postedBrandingSchema,
} from "../../modules/console/branding-form";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { STORE_FONTS } from "../../modules/store/fonts";
import { imageAt } from "../ui/product-image";
import { ActionMessage } from "./action-message";
import { BrandingBanners } from "./branding-banners";
import { BrandingPreview } from "./branding-preview";
import { describedBy, Field, fieldErrors } from "./field";

const PICTURE_TYPES = "image/jpeg,image/png,image/webp";

interface EditorProps {
  csrf: string;
  title: string;
  stored: PostedBranding;
  answer: unknown;
}

/** The form as an answer left it (what was posted, with uploads and steps applied), else as stored. */
function answered(answer: unknown): PostedBranding | null {
  if (typeof answer !== "object" || answer === null || !("posted" in answer)) return null;
  return (answer as { posted: PostedBranding }).posted;
}

/**
 * The store's branding (issue 56): pictures, colours, type and banners, each mistake at its
 * field, with the store's face beside it changing as the form is typed into.
 */
export function BrandingEditor(props: EditorProps) {
  const back = answered(props.answer);
  // A new answer renders the form afresh from what it holds (uploads and moves included).
  return <EditorForm key={back ? JSON.stringify(back) : "stored"} {...props} />;
}

function EditorForm({ csrf, title, stored, answer }: EditorProps) {
  const initial = answered(answer) ?? stored;
  const [fields, setFields] = useState(initial);
  const busy = useNavigation().state === "submitting";
  const errors = fieldErrors(answer);
  const control = (id: string, hint = false) => ({
    id,
    "aria-invalid": errors[id] ? true : undefined,
    "aria-describedby": describedBy(errors, id, hint),
  });
  return (
    <>
      <h1>Branding</h1>
      <ActionMessage answer={answer} />
      <div className="console-editor">
        <Form
          method="post"
          encType="multipart/form-data"
          className="console-step console-step--wide console-product-form"
          noValidate
          onChange={(event) => {
            const typed = postedBrandingSchema.safeParse(postedBrandingFields(new FormData(event.currentTarget)));
            if (typed.success) setFields(typed.data);
          }}
        >
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="version" value={fields.version} />
          {/* Enter in a field saves: the first submit button is the one a form's Enter presses. */}
          <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
          <fieldset>
            <legend>Logo and icon</legend>
            <PictureField
              name="logo"
              label="Logo"
              uploadLabel="Upload a logo"
              hint="Shown in the store's header. A wide picture on a clear background works best."
              value={initial.logo}
              errors={errors}
            />
            <PictureField
              name="favicon"
              label="Favicon"
              uploadLabel="Upload a favicon"
              hint="The small picture in the browser's tab and bookmarks: a square works best."
              value={initial.favicon}
              errors={errors}
            />
            <Field
              id="tagline"
              label="Tagline (optional)"
              hint="A line under the name, like Wholesale for kitchens."
              error={errors.tagline}
            >
              <input {...control("tagline", true)} name="tagline" defaultValue={initial.tagline} maxLength={120} />
            </Field>
          </fieldset>
          <fieldset>
            <legend>Colours and type</legend>
            <div className="console-pair">
              <div>
                <Field
                  id="primaryColor"
                  label="Main colour"
                  hint="Buttons, links and prices."
                  error={errors.primaryColor}
                >
                  <input
                    {...control("primaryColor", true)}
                    name="primaryColor"
                    type="color"
                    defaultValue={initial.primaryColor}
                  />
                </Field>
              </div>
              <div>
                <Field
                  id="secondaryColor"
                  label="Accent colour"
                  hint="Offers and the focus ring."
                  error={errors.secondaryColor}
                >
                  <input
                    {...control("secondaryColor", true)}
                    name="secondaryColor"
                    type="color"
                    defaultValue={initial.secondaryColor}
                  />
                </Field>
              </div>
            </div>
            <Field id="font" label="Font" hint="Mukta and Hind also write Hindi and Marathi." error={errors.font}>
              <select {...control("font", true)} name="font" defaultValue={initial.font}>
                {Object.keys(STORE_FONTS).map((font) => (
                  <option key={font} value={font}>
                    {font}
                  </option>
                ))}
              </select>
            </Field>
            <div className="console-pair">
              <div>
                <Field id="headingSize" label="Heading size (px)" hint="12 to 64." error={errors.headingSize}>
                  <input
                    {...control("headingSize", true)}
                    name="headingSize"
                    inputMode="numeric"
                    defaultValue={initial.headingSize}
                  />
                </Field>
              </div>
              <div>
                <Field id="bodySize" label="Text size (px)" hint="12 to 24." error={errors.bodySize}>
                  <input
                    {...control("bodySize", true)}
                    name="bodySize"
                    inputMode="numeric"
                    defaultValue={initial.bodySize}
                  />
                </Field>
              </div>
            </div>
            <label className="console-check">
              <input
                type="checkbox"
                name="roundedButtons"
                value="on"
                defaultChecked={initial.roundedButtons === "on"}
              />{" "}
              Rounded buttons
            </label>
          </fieldset>
          <fieldset>
            <legend>Banners</legend>
            <p className="muted">
              The home page shows them in this order, a new one every 4 seconds, each between its dates (India's days).
              Pictures of 1600 × 600 pixels fit best; at most {MAX_BANNERS}.
            </p>
            <BrandingBanners fields={initial} errors={errors} busy={busy} />
            <Field
              id="bannerUpload"
              label="New banner picture"
              hint="JPEG, PNG or WebP, up to 10 MB."
              error={errors.bannerUpload}
            >
              <input {...control("bannerUpload", true)} name="bannerUpload" type="file" accept={PICTURE_TYPES} />
            </Field>
            <button type="submit" name="intent" value="banner-add" className="button secondary" disabled={busy}>
              Add banner
            </button>
          </fieldset>
          <p>
            <button type="submit" name="intent" value="save" className="button" disabled={busy}>
              Save branding
            </button>
          </p>
        </Form>
        <BrandingPreview fields={fields} title={title} />
      </div>
    </>
  );
}

/** A stored picture (logo or favicon) with its Remove button, and a file field to replace it. */
function PictureField({
  name,
  label,
  uploadLabel,
  hint,
  value,
  errors,
}: {
  name: "logo" | "favicon";
  label: string;
  uploadLabel: string;
  hint: string;
  value: string;
  errors: Record<string, string | undefined>;
}) {
  const upload = `${name}Upload`;
  return (
    <div className="console-picture">
      <input type="hidden" name={name} value={value} />
      <p className="console-picture__now">
        <strong>{label}</strong>{" "}
        {value ? (
          <>
            <img src={imageAt(value, 160)} alt={`The ${label.toLowerCase()} now`} height="40" />
            <button type="submit" name="intent" value={`${name}-remove`} className="text-button">
              Remove {label.toLowerCase()}
            </button>
          </>
        ) : (
          <span className="muted">None yet.</span>
        )}
      </p>
      {errors[name] ? (
        <p id={`${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null}
      <Field id={upload} label={uploadLabel} hint={hint} error={errors[upload]}>
        <input
          id={upload}
          name={upload}
          type="file"
          accept={PICTURE_TYPES}
          aria-invalid={errors[upload] ? true : undefined}
          aria-describedby={describedBy(errors, upload, true)}
        />
      </Field>
    </div>
  );
}
