import type { FastifyInstance } from 'fastify';

// The calls of the app's OpenAPI document (GET /api/openapi.json), as the fuzz and permission suites read them.

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema as the document writes it
export type JsonSchema = Record<string, any>;

export interface Operation {
  /** "POST /api/lead/get" */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the document writes it, with {params}. */
  path: string;
  auth: boolean;
  body?: JsonSchema;
  /** A request body the document does not describe (multipart uploads). */
  bodyUndocumented: boolean;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
}

export function listOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, JsonSchema>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as {
        in: string;
        name: string;
        schema: JsonSchema;
        required?: boolean;
      }[];
      const upper = method.toUpperCase() as Operation['method'];
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        auth: Array.isArray(op.security) && op.security.length > 0,
        body: op.requestBody?.content?.['application/json']?.schema,
        bodyUndocumented: upper === 'POST' && !op.requestBody,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
      });
    }
  }
  return operations;
}

/** Fields of a call that name something by its id: `group_id`, `lead_id`, `id`, `user_ids`, `invoiceId`, … */
export const ID_FIELD = /^(id|ids|[a-z]+(_id|Id|_ids|Ids))$/;

/** The id fields an operation takes: body fields (at any depth), path and query parameters. */
export function idFieldsOf(op: Operation): string[] {
  const found = new Set<string>();
  const walk = (schema: JsonSchema | undefined) => {
    if (!schema || typeof schema !== 'object') return;
    for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      if (ID_FIELD.test(key)) found.add(key);
      walk(value);
    }
    walk(schema.items);
    for (const list of ['anyOf', 'oneOf', 'allOf']) for (const s of (schema[list] ?? []) as JsonSchema[]) walk(s);
  };
  walk(op.body);
  for (const p of [...op.pathParams, ...op.queryParams]) if (ID_FIELD.test(p.name)) found.add(p.name);
  return [...found].sort();
}
