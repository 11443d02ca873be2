/**
 * The delivery address's fields, listed once. The spec names them twice: the checkout's form
 * (fullName, addressLine1, pincode...) and the customer's saved details (name, address, pin...),
 * each with its own labels and order, and both names travel in the store's JSON API. This table
 * holds both names, both labels and the input's attributes, so the checkout, the account page and
 * the server convert between the two through it rather than by hand.
 */

/** The customer's saved details, as the account page and `/api/account/profile` name them. */
export interface SavedDetails {
  name: string;
  phone: string;
  email: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  pin: string;
  landmark: string;
  companyName: string;
  gstNumber: string;
}

/** The checkout's contact and delivery form, as `POST /api/orders` names it. */
export interface AddressFormValues {
  fullName: string;
  phone: string;
  email: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  pincode: string;
  landmark: string;
  companyName: string;
  gstNumber: string;
}

export interface AddressField {
  /** The checkout form's name. */
  name: keyof AddressFormValues;
  /** The saved details' name. */
  saved: keyof SavedDetails;
  /** The checkout's label (spec section 5). */
  label: string;
  /** The account page's label (spec section 7). */
  savedLabel: string;
  required?: boolean;
  autoComplete: string;
  type?: "text" | "tel" | "email";
  inputMode?: "numeric" | "tel" | "email";
  maxLength?: number;
  /** Spans both columns of the checkout's grid. */
  wide?: boolean;
}

/** In the checkout's order. */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  {
    name: "fullName",
    saved: "name",
    label: "Full Name",
    savedLabel: "Name",
    required: true,
    autoComplete: "name",
    maxLength: 100,
  },
  {
    name: "phone",
    saved: "phone",
    label: "Phone",
    savedLabel: "Phone",
    required: true,
    autoComplete: "tel-national",
    type: "tel",
    inputMode: "tel",
    maxLength: 14,
  },
  {
    name: "email",
    saved: "email",
    label: "Email",
    savedLabel: "Email",
    autoComplete: "email",
    type: "email",
    inputMode: "email",
    maxLength: 254,
    wide: true,
  },
  {
    name: "addressLine1",
    saved: "address",
    label: "Address Line 1",
    savedLabel: "Address",
    required: true,
    autoComplete: "address-line1",
    maxLength: 200,
    wide: true,
  },
  {
    name: "addressLine2",
    saved: "apartment",
    label: "Address Line 2",
    savedLabel: "Apartment",
    autoComplete: "address-line2",
    maxLength: 200,
    wide: true,
  },
  {
    name: "pincode",
    saved: "pin",
    label: "Pincode",
    savedLabel: "Pin",
    required: true,
    autoComplete: "postal-code",
    inputMode: "numeric",
    maxLength: 6,
  },
  {
    name: "city",
    saved: "city",
    label: "City",
    savedLabel: "City",
    required: true,
    autoComplete: "address-level2",
    maxLength: 100,
  },
  {
    name: "state",
    saved: "state",
    label: "State",
    savedLabel: "State",
    required: true,
    autoComplete: "address-level1",
  },
  {
    name: "landmark",
    saved: "landmark",
    label: "Landmark",
    savedLabel: "Landmark",
    autoComplete: "off",
    maxLength: 200,
  },
  {
    name: "companyName",
    saved: "companyName",
    label: "Company Name",
    savedLabel: "Company",
    autoComplete: "organization",
    maxLength: 200,
  },
  {
    name: "gstNumber",
    saved: "gstNumber",
    label: "GST Number",
    savedLabel: "GSTIN",
    autoComplete: "off",
    maxLength: 15,
  },
];

/** The account page's order of the saved details (spec section 7): the pin after the state. */
export const SAVED_DETAILS_ORDER: readonly (keyof SavedDetails)[] = [
  "name",
  "phone",
  "email",
  "address",
  "apartment",
  "city",
  "state",
  "pin",
  "landmark",
  "companyName",
  "gstNumber",
];

/** The fields in the account page's order. */
export const SAVED_DETAILS_FIELDS: readonly AddressField[] = SAVED_DETAILS_ORDER.map(
  (saved) => ADDRESS_FIELDS.find((field) => field.saved === saved) as AddressField,
);

export const EMPTY_ADDRESS_FORM: AddressFormValues = {
  fullName: "",
  phone: "",
  email: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  state: "",
  pincode: "",
  landmark: "",
  companyName: "",
  gstNumber: "",
};

/** The checkout form filled from a customer's saved details. */
export function addressFormFromSaved(details: SavedDetails): AddressFormValues {
  const form = { ...EMPTY_ADDRESS_FORM };
  for (const field of ADDRESS_FIELDS) form[field.name] = details[field.saved];
  return form;
}
