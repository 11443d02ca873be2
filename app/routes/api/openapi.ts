import { openApiDocument } from "../../modules/api/openapi.server";

/** GET /api/openapi.json — the Store API described as OpenAPI 3.1 (issue 60). */
export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=3600" } });
}
