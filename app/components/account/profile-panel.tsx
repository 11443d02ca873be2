import { type FormEvent, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { Profile } from "../../modules/accounts/account.server";
import { accountApi } from "../../modules/accounts/client";
import { ACCOUNT_MESSAGES, PHONE_PREFIX, type ProfileInput, profileSchema } from "../../modules/accounts/schema";
import { type AddressField, SAVED_DETAILS_FIELDS } from "../../modules/checkout/address-fields";
import { PersonIcon } from "../ui/person-icon";

/** "My Profile" shows the saved details in the account page's order, with its labels (spec section 7). */
const DETAIL_LABELS = SAVED_DETAILS_FIELDS.map((field) => [field.saved, field.savedLabel] as const);

export function ProfilePanel({ profile }: { profile: Profile | null }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  if (!profile) {
    return (
      <section className="panel" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <p className="alert alert--error" role="alert">
          {ACCOUNT_MESSAGES.profileLoad}
        </p>
        <button type="button" className="button secondary" onClick={() => revalidator.revalidate()}>
          Refresh
        </button>
      </section>
    );
  }
  const initial = profile.name.trim().charAt(0).toUpperCase();
  return (
    <section className="panel profile" aria-labelledby="profile-heading">
      <div className="profile__head">
        <span className="avatar" aria-hidden="true">
          {initial || <PersonIcon size={28} />}
        </span>
        <div>
          <h2 id="profile-heading">{profile.name || ACCOUNT_MESSAGES.welcome}</h2>
          <p className="muted">
            {PHONE_PREFIX} {profile.phone}
            {profile.email ? (
              <>
                <br />
                {profile.email}
              </>
            ) : null}
          </p>
        </div>
      </div>
      <h3>Saved Details</h3>
      {profile.hasDetails ? (
        <dl className="order-facts">
          {DETAIL_LABELS.filter(([key]) => profile[key] !== "").map(([key, label]) => (
            <div key={key} className="order-facts__row">
              <dt>{label}</dt>
              <dd>{String(profile[key])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">{ACCOUNT_MESSAGES.noDetails}</p>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => revalidator.revalidate()}>
          Refresh
        </button>
        <button type="button" className="button" onClick={() => setEditing(true)}>
          Edit Profile
        </button>
        <SignOut />
      </div>
      {editing ? (
        <EditProfile
          profile={profile}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            revalidator.revalidate();
          }}
        />
      ) : null}
    </section>
  );
}

function SignOut() {
  const revalidator = useRevalidator();
  return (
    <button
      type="button"
      className="button secondary"
      onClick={async () => {
        await accountApi("/api/account/session", "DELETE");
        revalidator.revalidate();
      }}
    >
      Sign out
    </button>
  );
}

/** Everything but the phone, which the customer proved at sign-in, can be edited. */
const PROFILE_FIELDS = SAVED_DETAILS_FIELDS.filter(
  (field): field is AddressField & { saved: keyof ProfileInput } => field.saved !== "phone",
).map((field) => ({ name: field.saved, label: field.savedLabel, type: field.type, autoComplete: field.autoComplete }));

function EditProfile({ profile, onClose, onSaved }: { profile: Profile; onClose: () => void; onSaved: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<Record<keyof ProfileInput, string>>(
    () =>
      Object.fromEntries(PROFILE_FIELDS.map((field) => [field.name, profile[field.name]])) as Record<
        keyof ProfileInput,
        string
      >,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setBusy(true);
    const saved = await accountApi("/api/account/profile", "PUT", parsed.data);
    setBusy(false);
    if (!saved.ok) {
      // Saving is "logged only" in the spec; the fields the server refused are shown.
      setErrors(saved.fields ?? {});
      return;
    }
    onSaved();
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="edit-profile-heading" onClose={onClose}>
      <form className="modal__panel" onSubmit={save} noValidate>
        <h2 id="edit-profile-heading">Edit Profile</h2>
        <p className="muted small">
          Phone: {PHONE_PREFIX} {profile.phone} (the number you sign in with)
        </p>
        <div className="form-grid">
          {PROFILE_FIELDS.map((field) => {
            const id = `profile-${field.name}`;
            const error = errors[field.name];
            return (
              <div className="field" key={field.name}>
                <label htmlFor={id}>{field.label}</label>
                <input
                  id={id}
                  name={field.name}
                  type={field.type ?? "text"}
                  autoComplete={field.autoComplete}
                  value={form[field.name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setForm((f) => ({ ...f, [field.name]: field.name === "gstNumber" ? value.toUpperCase() : value }));
                  }}
                />
                {error ? (
                  <p className="field-error" id={`${id}-error`}>
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <div className="actions">
          <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}
