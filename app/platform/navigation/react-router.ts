import {
  Link,
  NavLink,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
import { Await } from "./await";
import { installNavigation, type Navigation } from "./navigation";

/** React Router as the shared components' router: the server, and client-side pages (ADR 0024). */
export const reactRouterNavigation: Navigation = {
  // Every address of the store is one of React Router's routes.
  opensInPage: () => true,
  usePendingLocation: () => {
    const navigation = useNavigation();
    return navigation.state === "loading" ? navigation.location : null;
  },
  Link,
  NavLink,
  Await,
  useLocation,
  useNavigate,
  useSearchParams,
  useRouteLoaderData,
};

installNavigation(reactRouterNavigation);
