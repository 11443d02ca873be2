import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, test } from "vitest";
import { API_ENDPOINTS, INTERNAL_PATHS } from "./endpoints";
import { documentedOperations, openApiDocument } from "./openapi.server";

type Operation = {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: object };
};

describe("the OpenAPI document", () => {
  const document = openApiDocument() as Document;

  test("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    // The check can fail: a parameter without its place is not OpenAPI.
    const broken = structuredClone(document);
    broken.paths["/api/pincodes/{pincode}"] = { get: { parameters: [{ name: "pincode" }], responses: {} } as never };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  test("describes every public endpoint and method, and nothing else", () => {
    const expected = Object.entries(API_ENDPOINTS)
      .filter(([path]) => !(INTERNAL_PATHS as readonly string[]).includes(path))
      .flatMap(([path, methods]) => methods.map((method) => `${method} ${path}`))
      .sort();
    expect(documentedOperations().sort()).toEqual(expected);
    expect(Object.keys(document.paths).sort()).toEqual(
      [...new Set(expected.map((operation) => operation.split(" ")[1]))].sort(),
    );
  });

  test("takes its request bodies from the schemas the routes validate with", () => {
    const order = document.paths["/api/orders"]?.post;
    const schema = order?.requestBody?.content["application/json"]?.schema as {
      properties: Record<string, unknown>;
      required: string[];
      additionalProperties: boolean;
    };
    // placeOrderRequestSchema: the cart's lines and the form, nothing the server prices.
    expect(Object.keys(schema.properties)).toEqual(["lines", "address", "saveAddress", "paymentMethod", "coupon"]);
    expect(schema.additionalProperties).toBe(false);
    expect(order?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(["header Idempotency-Key"]);
    const quickOrder = document.paths["/api/quick-order"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(JSON.stringify(quickOrder)).toContain('"maxItems":200');
  });

  test("path parameters are declared, every error is the one Error shape", () => {
    expect(document.paths["/api/pincodes/{pincode}"]?.get?.parameters).toEqual([
      expect.objectContaining({ in: "path", name: "pincode", required: true }),
    ]);
    const errors = Object.values(document.paths)
      .flatMap((methods) => Object.values(methods))
      .flatMap((operation) => Object.entries(operation.responses))
      .filter(([status]) => Number(status) >= 400)
      .map(([, response]) => JSON.stringify(response));
    expect(errors.length).toBeGreaterThan(40);
    for (const response of errors) expect(response).toContain('"$ref":"#/components/schemas/Error"');
  });
});
