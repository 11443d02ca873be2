import type { AddressFormInput } from "./schema";

/**
 * A guest's 'Save address' (issue 53, ADR 0052): the address stays in this browser, never on
 * the server, where nothing proves the phone is the guest's. A signed-in customer's is saved in
 * their account by the order instead.
 */
export const SAVED_ADDRESS_KEY = "ql:address:v1";

const FIELDS = [
  "fullName",
  "phone",
  "email",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "pincode",
  "landmark",
  "companyName",
  "gstNumber",
] as const satisfies readonly (keyof AddressFormInput)[];

type SavedAddress = Partial<Record<(typeof FIELDS)[number], string>>;

/** The address this browser saved, each field a string of at most 200 characters; null when none. */
export function readSavedAddress(): SavedAddress | null {
  try {
    const raw = localStorage.getItem(SAVED_ADDRESS_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const saved: SavedAddress = {};
    for (const field of FIELDS) {
      const text = (value as Record<string, unknown>)[field];
      if (typeof text === "string") saved[field] = text.slice(0, 200);
    }
    return saved;
  } catch {
    return null;
  }
}

export function saveAddressInBrowser(form: SavedAddress): void {
  try {
    const saved: SavedAddress = {};
    for (const field of FIELDS) if (form[field]) saved[field] = form[field];
    localStorage.setItem(SAVED_ADDRESS_KEY, JSON.stringify(saved));
  } catch {}
}

export function forgetAddressInBrowser(): void {
  try {
    localStorage.removeItem(SAVED_ADDRESS_KEY);
  } catch {}
}
