/**
 * The OpenAPI 3.1 document of the provider's interface, built from the operations table and its
 * zod schemas: the document says exactly what the client sends and the sandbox enforces.
 */
import { z } from "zod";
import { operations, type OperationSpec } from "./operations";
import { ProviderErrorBody, TokenResponse } from "./schemas";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const generated: JsonSchema = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    reused: "inline",
  });
  // The document's dialect is declared once at the top; nested $schema keys are noise.
  delete generated.$schema;
  return generated;
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
});

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
};

function successDescription(op: OperationSpec, status: number): string {
  if (op.idempotentCreation && status === 200 && op.success.includes(201)) {
    return "Already known: accepted, nothing changed";
  }
  if (op.idempotentCreation && status === 201) return "Created";
  return STATUS_TEXT[status] ?? "Success";
}

function parametersOf(op: OperationSpec) {
  const params: JsonSchema[] = [];
  const add = (schema: z.ZodObject | undefined, place: "path" | "query") => {
    if (!schema) return;
    const object = jsonSchema(schema, "input");
    const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      params.push({
        name,
        in: place,
        required: place === "path" ? true : required.has(name),
        schema: property,
      });
    }
  };
  add(op.pathParams, "path");
  add(op.query, "query");
  return params;
}

export function buildOpenApiDocument() {
  const schemas: Record<string, JsonSchema> = {
    ErrorBody: jsonSchema(ProviderErrorBody, "input"),
    TokenResponse: jsonSchema(TokenResponse, "input"),
  };
  const paths: Record<string, Record<string, unknown>> = {};

  for (const [name, op] of Object.entries(operations) as [string, OperationSpec][]) {
    const responses: Record<string, unknown> = {};
    const responseName = `${pascal(name)}Response`;
    if (op.response) schemas[responseName] = jsonSchema(op.response, "input");
    for (const status of op.success) {
      responses[String(status)] = {
        description: successDescription(op, status),
        ...(op.response ? { content: { "application/json": { schema: { $ref: `#/components/schemas/${responseName}` } } } } : {}),
      };
    }
    responses["400"] = errorResponse("Invalid data: each error's Code names the field");
    responses["401"] = errorResponse("Missing, invalid or expired access token");
    if (op.notFound) responses["404"] = errorResponse("Not found");
    responses["429"] = {
      ...errorResponse("Too many requests: retry after the Retry-After header"),
      headers: { "Retry-After": { schema: { type: "integer" }, description: "seconds to wait" } },
    };
    responses["500"] = errorResponse("Provider error: quote the TicketId to support");

    const operation: Record<string, unknown> = {
      operationId: name,
      summary: `${op.number}. ${op.summary}`,
      tags: [tagOf(op.path)],
      parameters: parametersOf(op),
      responses,
    };
    if (op.body) {
      const requestName = `${pascal(name)}Request`;
      schemas[requestName] = jsonSchema(op.body, "input");
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${requestName}` } } },
      };
    }
    paths[op.path] = { ...(paths[op.path] ?? {}), [op.method.toLowerCase()]: operation };
  }

  paths["/oauth2/token"] = {
    post: {
      operationId: "issueToken",
      summary: "Exchange an authorization code, or a refresh token, for an access token",
      tags: ["OAuth2"],
      security: [],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["grant_type"],
              properties: {
                grant_type: { type: "string", enum: ["authorization_code", "refresh_token"] },
                code: { type: "string" },
                redirect_uri: { type: "string" },
                code_verifier: {
                  type: "string",
                  description: "PKCE (RFC 7636): the verifier whose S256 challenge the authorization request carried",
                },
                refresh_token: { type: "string" },
                client_id: { type: "string" },
                client_secret: { type: "string" },
              },
            },
          },
        },
      },
      responses: {
        "200": {
          description: "Tokens; expiries in seconds",
          content: { "application/json": { schema: { $ref: "#/components/schemas/TokenResponse" } } },
        },
        "400": errorResponse("Invalid grant"),
      },
    },
  };

  return {
    openapi: "3.1.0",
    info: {
      title: "Logistics Fulfilment Service Interface",
      version: "v1",
      description:
        "Generated from the connector's zod schemas (app/fulfilment). Field rules the JSON Schema " +
        "cannot express exactly are described in the field's description.",
    },
    servers: [
      {
        url: "{base_url}",
        variables: { base_url: { default: "http://127.0.0.1:4010", description: "the provider, or the sandbox" } },
      },
    ],
    security: [{ bearer: [] }, { oauth2: ["OpenApi"] }],
    tags: [
      { name: "Drop-ship orders" },
      { name: "Outbound orders" },
      { name: "Inbound shipments" },
      { name: "Tracking" },
      { name: "Returns" },
      { name: "Lading orders" },
      { name: "Pricing" },
      { name: "SKUs and stock" },
      { name: "OAuth2" },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "a static token or an OAuth2 access token" },
        oauth2: {
          type: "oauth2",
          flows: {
            authorizationCode: {
              authorizationUrl: "/oauth2/authorization",
              tokenUrl: "/oauth2/token",
              refreshUrl: "/oauth2/token",
              scopes: { OpenApi: "the whole interface" },
            },
          },
        },
      },
    },
  };
}

function tagOf(path: string): string {
  if (path.startsWith("/v1/directExpressOrders")) return "Drop-ship orders";
  if (path.startsWith("/v1/outboundOrders")) return "Outbound orders";
  if (path.startsWith("/v1/inboundOrders")) return "Inbound shipments";
  if (path.startsWith("/v1/trackings")) return "Tracking";
  if (path.startsWith("/v1/returnOrder")) return "Returns";
  if (path.startsWith("/v1/ladingOrders")) return "Lading orders";
  if (path.startsWith("/v1/pricing")) return "Pricing";
  return "SKUs and stock";
}
