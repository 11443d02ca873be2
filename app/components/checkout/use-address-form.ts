import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { type AddressFormValues, EMPTY_ADDRESS_FORM } from "../../modules/checkout/address-fields";
import { fetchPincode, type PincodeInfo } from "../../modules/checkout/client";
import { readSavedAddress } from "../../modules/checkout/saved-address";
import { INDIAN_STATES } from "../../modules/india/states";
import { attachAutocomplete } from "../../modules/location/google-maps";
import type { loader as rootLoader } from "../../root";
import { useLocateMe } from "../use-locate-me";

/**
 * The checkout's contact and delivery form: what the shopper typed, tidied as they type; city and
 * state from the pincode directory; the address from Google Places or the device's location when
 * the shop allows; and the server's messages per field, each cleared when its field changes.
 */
export function useAddressForm({
  saved,
  signedIn,
  hydrated,
}: {
  /** A signed-in customer's saved details. */
  saved: AddressFormValues | null;
  signedIn: boolean;
  hydrated: boolean;
}) {
  const mapsKey = useRouteLoaderData<typeof rootLoader>("root")?.mapsKey ?? null;
  const [form, setForm] = useState<AddressFormValues>(() => ({ ...EMPTY_ADDRESS_FORM, ...(saved ?? {}) }));
  const [pincode, setPincode] = useState<PincodeInfo | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  // What the pincode directory last filled in: replaced by the next pincode, never the shopper's own typing.
  const autoFilled = useRef({ city: "", state: "" });
  const addressLine1 = useRef<HTMLInputElement>(null);
  const { locate, busy: locating, message: locationMessage } = useLocateMe();

  // A guest starts from the address this browser saved (ADR 0052); a signed-in customer from their account's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => {
    if (signedIn || !hydrated) return;
    const fromBrowser = readSavedAddress();
    if (fromBrowser) {
      setForm((current) => (Object.values(current).some(Boolean) ? current : { ...current, ...fromBrowser }));
    }
  }, [hydrated]);

  // Pincode: status text, and city and state from the offline directory.
  useEffect(() => {
    if (!/^\d{6}$/.test(form.pincode)) {
      setPincode(null);
      return;
    }
    const controller = new AbortController();
    fetchPincode(form.pincode, controller.signal).then(
      (info) => {
        setPincode(info);
        if (!info) return;
        const previous = autoFilled.current;
        autoFilled.current = { city: info.city ?? "", state: info.state ?? "" };
        setForm((current) => {
          const next = { ...current };
          if (info.city && (current.city === "" || current.city === previous.city)) next.city = info.city;
          if (info.state && (current.state === "" || current.state === previous.state)) next.state = info.state;
          return next;
        });
      },
      () => {
        if (!controller.signal.aborted) setPincode(null);
      },
    );
    return () => controller.abort();
  }, [form.pincode]);

  // Address search through Google Places when the shop configured a key.
  useEffect(() => {
    if (!mapsKey || !addressLine1.current) return;
    attachAutocomplete(mapsKey, addressLine1.current, (place) =>
      setForm((current) => ({
        ...current,
        addressLine1: place.addressLine1 || current.addressLine1,
        city: place.city || current.city,
        state: INDIAN_STATES.find((state) => state.name === place.state)?.name ?? current.state,
        pincode: place.pincode || current.pincode,
      })),
    ).catch((error: unknown) => console.warn("address search unavailable", error));
  }, [mapsKey]);

  function update(name: keyof AddressFormValues, value: string) {
    let next = value;
    if (name === "phone") next = value.replace(/[^\d+\s-]/g, "");
    if (name === "pincode") next = value.replace(/\D/g, "").slice(0, 6);
    if (name === "gstNumber") next = value.toUpperCase().replace(/\s/g, "");
    setForm((current) => ({ ...current, [name]: next }));
    setServerFields((fields) => {
      const { [name]: _gone, ...rest } = fields;
      return rest;
    });
  }

  async function fillFromCurrentLocation() {
    const result = await locate();
    if (result.ok && result.address && form.addressLine1 === "") {
      update("addressLine1", result.address.split(",").slice(0, 2).join(","));
    }
  }

  const stateMismatch =
    pincode && pincode.states.length > 0 && form.state !== "" && !pincode.states.includes(form.state)
      ? `Pincode ${pincode.pincode} is in ${pincode.states.join(" / ")}, not ${form.state}. Please check the state.`
      : null;

  return {
    form,
    update,
    pincode,
    stateMismatch,
    serverFields,
    setServerFields,
    addressLine1,
    fillFromCurrentLocation,
    locating,
    locationMessage,
  };
}
