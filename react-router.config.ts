import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Loaders and actions get the request as it came, and read its address from their `url`
    // argument (React Router's, without its own `index`/`_routes` parameters or `.data` suffix).
    // Without this flag, React Router made two new URLs and two new Requests for every loader it
    // called, to strip those parameters: 2% of the server's time on a rendered listing.
    v8_passThroughRequests: true,
  },
} satisfies Config;
