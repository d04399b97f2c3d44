// The API's operations as the OpenAPI document lists them, with valid example inputs built from their JSON schemas,
// so tests can walk every route (the permission matrix, the fuzz test) and a new route is never left out.
import { API_PREFIX } from '@quayline/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

export type TJsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
};

export type TParameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; schema: TJsonSchema };

export type TOperation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path as the document writes it, without the API prefix, e.g. `/portcalls/{id}`. */
  path: string;
  /** `METHOD /path`, the key tests use for an operation. */
  key: string;
  parameters: TParameter[];
  /** The JSON body schema, when the operation takes one. */
  body: TJsonSchema | null;
  isBodyRequired: boolean;
};

type TOpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: TParameter[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: TJsonSchema }> } }>>;
};

/**
 * Every operation under the API prefix (or another one, e.g. the DCSA JIT endpoints'), in document order. The app
 * must be ready (`await app.ready()`).
 */
export function listOperations(app: FastifyInstance, prefix: string = API_PREFIX): TOperation[] {
  const doc = app.swagger() as unknown as TOpenApiDocument;
  const operations: TOperation[] = [];
  for (const [fullPath, byMethod] of Object.entries(doc.paths)) {
    if (!fullPath.startsWith(prefix + '/')) continue;
    const path = fullPath.slice(prefix.length);
    for (const [method, op] of Object.entries(byMethod)) {
      const upper = method.toUpperCase() as TOperation['method'];
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      operations.push({ method: upper, path, key: `${upper} ${path}`, parameters: op.parameters ?? [], body, isBodyRequired: op.requestBody?.required ?? false });
    }
  }
  return operations;
}

/** The path with each `{name}` replaced by `values[name]` (throws on a missing value, so a new parameter is noticed). */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter {${name}} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

// Patterns the schemas use, with a value a person would send; anything else is generated from the regular expression.
const EXAMPLE_BY_PATTERN: [RegExp, string][] = [
  [/^\^\(\[01\]\\d\|2\[0-3\]\):/, '06:00'],
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, '2026-11-24'],
  [/^\^\[A-Z\]\{2\}\[A-Z2-9\]\{3\}\$$/, 'DEHAM'],
  [/^\^\\S\(\?:\.\*\\S\)\?\$$/, 'Quay 1'],
  // A comma-separated id list (portcall_message_states): generated digits would make ids beyond any record.
  [/^\^\\d\+\(,\\d\+\)\*\$$/, '1,2'],
];

const exampleNow = new Date('2026-11-24T08:00:00.000Z');

function exampleString(schema: TJsonSchema, seed: number): string {
  if (schema.format === 'date-time') return exampleNow.toISOString();
  if (schema.format === 'date') return exampleNow.toISOString().slice(0, 10);
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'uuid') return '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
  if (schema.format === 'uri') return 'https://example.com/';
  if (schema.pattern) {
    const known = EXAMPLE_BY_PATTERN.find(([re]) => re.test(schema.pattern!));
    if (known) return known[1];
    const [generated] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed });
    return generated ?? '';
  }
  const min = schema.minLength ?? 1;
  const max = schema.maxLength ?? 40;
  const length = Math.min(Math.max(7, min), max);
  return 'example'.padEnd(length, 'x').slice(0, length);
}

function exampleNumber(schema: TJsonSchema, isInteger: boolean): number {
  let low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (isInteger ? 1 : 0.5) : 1);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (isInteger ? 1 : 0.5) : Number.MAX_SAFE_INTEGER);
  if (low > high) low = high;
  return isInteger ? Math.ceil(low) : low;
}

/** A small value the schema accepts: required properties only, the first enum value, the first non-null alternative. */
export function exampleFromSchema(schema: TJsonSchema, seed = 1): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const chosen = alternatives.find((s) => s.type !== 'null') ?? alternatives[0]!;
    return exampleFromSchema(chosen, seed);
  }
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => exampleFromSchema(s, seed)));
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'string':
      return exampleString(schema, seed);
    case 'integer':
      return exampleNumber(schema, true);
    case 'number':
      return exampleNumber(schema, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, (_, i) => exampleFromSchema(schema.items ?? {}, seed + i));
    }
    case 'object':
    default: {
      if (!schema.properties) return {};
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties[name];
        if (property) value[name] = exampleFromSchema(property, seed);
      }
      return value;
    }
  }
}

/** Query string of the required query parameters, with example values. */
export function exampleQuery(operation: TOperation): string {
  const params = new URLSearchParams();
  for (const p of operation.parameters) {
    if (p.in !== 'query' || !p.required) continue;
    const value = exampleFromSchema(p.schema);
    params.set(p.name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The schema itself, or its first non-null alternative (`anyOf`/`oneOf`), with `allOf` parts merged into one object schema. */
export function concreteSchema(schema: TJsonSchema): TJsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return concreteSchema(alternatives.find((s) => s.type !== 'null') ?? alternatives[0]!);
  if (schema.allOf?.length) {
    const parts = schema.allOf.map(concreteSchema);
    return { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})), required: parts.flatMap((p) => p.required ?? []) };
  }
  return schema;
}

/** The main JSON type of a schema (`null` only when nothing else is allowed). */
export function schemaType(schema: TJsonSchema): string | undefined {
  const concrete = concreteSchema(schema);
  if (Array.isArray(concrete.type)) return concrete.type.find((t) => t !== 'null') ?? 'null';
  if (concrete.type) return concrete.type;
  if (concrete.properties) return 'object';
  if (concrete.enum?.length) return typeof concrete.enum[0];
  return undefined;
}

export type TPropertyPath = {
  /** Keys and array indexes from the body's root, e.g. `['rows', 0, 'name']`. */
  path: (string | number)[];
  schema: TJsonSchema;
  /** Whether the containing object requires the property (array items: false). */
  isRequired: boolean;
};

/** Every property (and array item, as index 0) the schema describes, down to `maxDepth` levels, parents before children. */
export function propertyPaths(schema: TJsonSchema, maxDepth = 4): TPropertyPath[] {
  const found: TPropertyPath[] = [];
  const walk = (current: TJsonSchema, path: (string | number)[]) => {
    if (path.length >= maxDepth) return;
    const concrete = concreteSchema(current);
    if (concrete.properties) {
      for (const [name, property] of Object.entries(concrete.properties)) {
        const next = [...path, name];
        found.push({ path: next, schema: property, isRequired: concrete.required?.includes(name) ?? false });
        walk(property, next);
      }
    } else if (schemaType(concrete) === 'array' && concrete.items) {
      const next = [...path, 0];
      found.push({ path: next, schema: concrete.items, isRequired: false });
      walk(concrete.items, next);
    }
  };
  walk(schema, []);
  return found;
}

/** Passed as the value to `withValueAt`: the property is left out. */
export const REMOVE = Symbol('remove');

/**
 * A copy of `root` (built from `schema`) with the value at `path` replaced, or removed when `value` is `REMOVE`.
 * Missing objects and array items on the way are filled with examples, so an optional nested property can be reached.
 */
export function withValueAt(root: unknown, schema: TJsonSchema, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const concrete = concreteSchema(schema);
  const childSchema = typeof head === 'number' ? (concrete.items ?? {}) : (concrete.properties?.[head] ?? {});
  if (typeof head === 'number') {
    const array = Array.isArray(root) ? [...(root as unknown[])] : [];
    const child = head < array.length ? array[head] : exampleFromSchema(childSchema);
    if (rest.length === 0 && value === REMOVE) array.splice(head, 1);
    else array[head] = withValueAt(child, childSchema, rest, value);
    return array;
  }
  const object = root !== null && typeof root === 'object' && !Array.isArray(root) ? { ...(root as Record<string, unknown>) } : {};
  if (rest.length === 0 && value === REMOVE) {
    delete object[head];
    return object;
  }
  const child = head in object ? object[head] : exampleFromSchema(childSchema);
  object[head] = withValueAt(child, childSchema, rest, value);
  return object;
}
