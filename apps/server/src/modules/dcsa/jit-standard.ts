// The official DCSA Port Call (JIT) 2.0.0 OpenAPI document as a validator: the tests and the local carrier (which the
// demo runs) check every JIT object Quayline sends or accepts against the published component schemas, not against
// our own reading of them. Quayline's own endpoints check with the zod schemas of @quayline/domain.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

// By the module's URL, so the file is found under vitest and when `npm run jit-carrier` runs it as an ES module.
export const JIT_STANDARD_FILE = fileURLToPath(new URL('./standard/JIT_v2.0.0.yaml', import.meta.url));

/** A JSON-schema node of the OpenAPI document, as far as the validator and the tests read it. */
export type TStandardSchema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, TStandardSchema>;
  required?: string[];
  items?: TStandardSchema;
  enum?: string[];
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  additionalProperties?: boolean | TStandardSchema;
  oneOf?: TStandardSchema[];
  anyOf?: TStandardSchema[];
  allOf?: TStandardSchema[];
};

type TStandardDocument = {
  info: { version: string };
  paths: Record<string, Record<string, { parameters?: { $ref?: string; name?: string; in?: string }[]; requestBody?: unknown; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, TStandardSchema>; parameters: Record<string, { name: string; in: string; required?: boolean; schema: TStandardSchema }> };
};

export const JIT_STANDARD: TStandardDocument = parse(readFileSync(JIT_STANDARD_FILE, 'utf8')) as TStandardDocument;

/**
 * The component schemas made strict the way Quayline must be: an object may carry only the properties the standard
 * names (the standard leaves most objects open, so `portCallServiceType` next to a missing `portCallServiceTypeCode`
 * would otherwise only fail by the missing field, and a misspelt optional field never).
 */
function closed(schema: TStandardSchema, inherited: readonly string[] = []): TStandardSchema {
  const copy: TStandardSchema = { ...schema };
  if (copy.properties) {
    copy.properties = Object.fromEntries(Object.entries(copy.properties).map(([k, v]) => [k, closed(v)]));
    // An alternative of an object that has fields of its own (a moves forecast's units beside its carrier code and
    // restows) carries those fields too.
    for (const name of inherited) if (!(name in copy.properties)) copy.properties[name] = {};
    // An object that also combines alternatives (a moves forecast: its own fields plus totals or sizes) gets its other
    // fields from those alternatives, so closing it would refuse every valid one.
    if (copy.additionalProperties === undefined && !copy.oneOf && !copy.anyOf && !copy.allOf) copy.additionalProperties = false;
  }
  if (copy.items) copy.items = closed(copy.items);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) if (copy[key]) copy[key] = copy[key].map((alt) => closed(alt));
  return copy;
}

/**
 * Direction matters: `readOnly` fields (`omitted`, `cancelled`, `declined`) appear only in answers, `writeOnly` ones
 * (`isFYI`) only in requests. Ajv treats both as annotations, so each direction gets its own validator in which the
 * forbidden one fails when present.
 */
function validatorFor(direction: 'request' | 'response'): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  (addFormatsModule as unknown as (a: Ajv) => Ajv)(ajv);
  // OpenAPI's numeric formats say how wide a number is; JSON Schema has no such formats.
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('float', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  ajv.removeKeyword('readOnly');
  ajv.removeKeyword('writeOnly');
  const forbidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  const annotation = direction === 'request' ? 'writeOnly' : 'readOnly';
  ajv.addKeyword({ keyword: forbidden, schemaType: 'boolean', validate: (on: boolean) => !on, errors: false });
  ajv.addKeyword({ keyword: annotation, schemaType: 'boolean' });
  // Which components are alternatives (oneOf/anyOf) of an object with fields of its own, and those fields.
  const inherited = new Map<string, string[]>();
  for (const parent of Object.values(JIT_STANDARD.components.schemas)) {
    if (!parent.properties) continue;
    for (const alt of [...(parent.oneOf ?? []), ...(parent.anyOf ?? [])]) {
      const name = alt.$ref?.split('/').pop();
      if (name) inherited.set(name, [...(inherited.get(name) ?? []), ...Object.keys(parent.properties)]);
    }
  }
  ajv.addSchema({ $id: 'jit', components: { schemas: Object.fromEntries(Object.entries(JIT_STANDARD.components.schemas).map(([k, v]) => [k, closed(v, v.additionalProperties === false ? [] : (inherited.get(k) ?? []))])) } } as AnySchema);
  return ajv;
}

const validators = { request: validatorFor('request'), response: validatorFor('response') };
const compiled = new Map<string, ValidateFunction>();

export type TJitSchemaName = keyof typeof JIT_STANDARD.components.schemas & string;

/** The problems of one object against a named schema of the standard (empty when it conforms). */
export function standardProblems(schema: TJitSchemaName, data: unknown, direction: 'request' | 'response'): string[] {
  if (!JIT_STANDARD.components.schemas[schema]) throw new Error(`The standard has no schema ${schema}`);
  const key = `${direction}:${schema}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = validators[direction].getSchema(`jit#/components/schemas/${schema}`)!;
    compiled.set(key, validate);
  }
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.keyword === 'readOnly' || e.keyword === 'writeOnly' ? `is ${e.keyword} and may not be in a ${direction}` : e.message} ${e.params && 'additionalProperty' in e.params ? `(${String(e.params.additionalProperty)})` : ''}`.trim());
}

/** Asserts that an object conforms, naming the schema and every problem when it does not. */
export function expectStandard(schema: TJitSchemaName, data: unknown, direction: 'request' | 'response'): void {
  const problems = standardProblems(schema, data, direction);
  if (problems.length) throw new Error(`Not a DCSA JIT 2.0.0 ${schema} (${direction}): ${problems.join('; ')}\n${JSON.stringify(data)}`);
}

/** The standard's request schema of an operation (method and path, ids filled in), read from the YAML; null when it takes no body. */
export function requestSchemaOfPath(method: string, urlPath: string): TJitSchemaName | null {
  const pathOnly = urlPath.split('?')[0]!;
  for (const [template, ops] of Object.entries(JIT_STANDARD.paths)) {
    if (!new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathOnly)) continue;
    const op = ops[method.toLowerCase()] as { requestBody?: { content: { 'application/json': { schema: { $ref: string } } } } } | undefined;
    if (!op) throw new Error(`${method} ${pathOnly} is not an operation of the standard`);
    const ref = op.requestBody?.content['application/json'].schema.$ref;
    return ref ? (ref.split('/').pop() as TJitSchemaName) : null;
  }
  throw new Error(`${method} ${pathOnly} is not an operation of the standard`);
}
