// Responses are checked against their zod schema (unknown keys dropped, wrong shapes refused) and then stringified.
// fastify-type-provider-zod's own compiler encodes (`safeEncode`), which runs every schema with checks twice (a canary
// pass, then the checks) to support codecs; Quayline's payload schemas have no codecs or transforms, so a forward parse
// gives the same JSON for about half the work (docs/performance.md, "The API under load").
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

export const zodResponseSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = zodSchemaOf(schema);
  return (data) => {
    const result = safeParse(zodSchema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
