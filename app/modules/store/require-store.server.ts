import { data } from "react-router";
import type { MandiContext } from "../../context";
import type { Store } from "./store.server";

/** The request's store; a host with no store gets the not-found store page (HTTP 404). */
export function requireStore(context: MandiContext): Store {
  if (!context.store) throw data({ reason: "store-not-found" as const }, { status: 404 });
  return context.store;
}
