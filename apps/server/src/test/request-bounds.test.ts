// Every array and string a client can send has a bound in the OpenAPI document, so no request can make the server
// validate, store or answer about an unbounded amount of input (docs/security.md "Bounded requests").
import { DCSA_JIT_PREFIX } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TJsonSchema, listOperations } from './openapi-operations';
import { type TestApp, createTestApp } from './test-app';

/** Formats whose values have a length of their own. */
const BOUNDED_FORMATS = new Set(['date-time', 'date', 'time', 'uuid']);

type TSchemaNode = TJsonSchema & { prefixItems?: TJsonSchema[]; not?: TJsonSchema };

/** The places in a schema where an array lacks maxItems or a string lacks maxLength, as readable paths. */
function unboundedPlaces(schema: TSchemaNode | undefined, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const isFixed = schema.enum !== undefined || schema.const !== undefined;
  if (types.includes('string') && !isFixed && schema.maxLength === undefined && !BOUNDED_FORMATS.has(schema.format ?? '')) found.push(`${path}: a string without maxLength`);
  if (types.includes('array') && schema.maxItems === undefined) found.push(`${path}: an array without maxItems`);
  for (const [key, child] of Object.entries(schema.properties ?? {})) found.push(...unboundedPlaces(child, `${path}.${key}`));
  if (schema.items) found.push(...unboundedPlaces(schema.items, `${path}[]`));
  for (const [i, child] of (schema.prefixItems ?? []).entries()) found.push(...unboundedPlaces(child, `${path}[${i}]`));
  if (typeof schema.additionalProperties === 'object') found.push(...unboundedPlaces(schema.additionalProperties, `${path}{}`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const child of schema[key] ?? []) found.push(...unboundedPlaces(child, path));
  return found;
}

describe('request bounds in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.ready();
  });
  afterAll(async () => t?.close());

  it('gives every array in every request body, query and path a maxItems and every string a maxLength', () => {
    const operations = [...listOperations(t.app), ...listOperations(t.app, DCSA_JIT_PREFIX)];
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((op) => op.key === 'PUT /timestamps/{timestampID}')).toHaveLength(1);
    const problems = operations.flatMap((op) => [
      ...op.parameters.flatMap((p) => unboundedPlaces(p.schema, `${op.key} ${p.in} ${p.name}`)),
      ...(op.body ? unboundedPlaces(op.body, `${op.key} body`) : []),
    ]);
    expect(problems).toEqual([]);
  });

  it('finds what it looks for: an unbounded string or array anywhere in a schema', () => {
    const body: TSchemaNode = {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 255 },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        ids: { type: 'array', items: { type: 'integer' } },
        tags: { type: 'array', maxItems: 10, items: { type: 'string', pattern: '^[A-Z]{3}$' } },
        when: { type: 'string', format: 'date-time' },
        kind: { type: 'string', enum: ['a', 'b'] },
      },
    };
    expect(unboundedPlaces(body, 'body')).toEqual(['body.note: a string without maxLength', 'body.ids: an array without maxItems', 'body.tags[]: a string without maxLength']);
  });
});
