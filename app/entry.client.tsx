import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATING_EVENT } from "./platform/hydration-events";
import "./platform/navigation/react-router";

// From here on React answers clicks itself; the ones before were kept by the page (ADR 0015).
document.dispatchEvent(new Event(HYDRATING_EVENT));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
