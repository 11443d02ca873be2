import { type HomeData, HomePage } from "../components/home-page";
import { hydrateStandalone } from "./hydrate";

/** Home's browser entry (ADR 0024): what routes/home.tsx renders, from its loader's data. */
hydrateStandalone((values) => <HomePage {...(values as unknown as HomeData)} />);
