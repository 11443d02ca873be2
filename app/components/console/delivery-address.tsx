import type { AddressSnapshot } from "../../db/json-columns";

/** Who receives an order and where, as the order page and the packing slip both show it. */
export function DeliveryAddress({ address: a }: { address: AddressSnapshot }) {
  return (
    <>
      {[a.firstName, a.lastName].filter(Boolean).join(" ")}
      {a.companyName ? `, ${a.companyName}` : ""}
      <br />
      {a.address}
      {a.apartment ? `, ${a.apartment}` : ""}
      {a.landmark ? ` (near ${a.landmark})` : ""}
      <br />
      {a.city}, {a.state} {a.pin}
    </>
  );
}
