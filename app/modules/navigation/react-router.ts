import { Await, Link, NavLink, useLocation, useNavigate, useRouteLoaderData, useSearchParams } from "react-router";
import { installNavigation } from "./navigation";

/** React Router as the shared components' router: the server, and client-side pages (ADR 0024). */
installNavigation({
  loadsDocuments: false,
  Link,
  NavLink,
  Await,
  useLocation,
  useNavigate,
  useSearchParams,
  useRouteLoaderData,
});
