// The string fields of a wire schema, found by walking it (zod 4): where a NUL or a broken character could be put in
// a payload. The protocol unit test checks each refuses them; the integration test knows which destinations to probe.
import { z } from 'zod';

export interface StringField {
  /** `upcQuantities[].upc`; '' for a payload that is a string itself. */
  readonly path: string;
  readonly schema: z.core.$ZodType;
}

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/** Kinds that hold no string and nothing inside. */
const LEAVES: ReadonlySet<string> = new Set(['number', 'int', 'boolean', 'bigint', 'null', 'undefined', 'literal', 'enum', 'never', 'void', 'date']);

/** Every string field of `schema`, by path; throws on a kind it does not know (teach it, do not skip it). */
export function stringFields(schema: z.core.$ZodType, path = ''): StringField[] {
  const kind = schema._zod.def.type;
  if (kind === 'string') return [{ path, schema }];
  if (LEAVES.has(kind)) return [];
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape).flatMap(([key, field]) => stringFields(field, join(path, key)));
  }
  if (schema instanceof z.ZodArray) return stringFields(schema.element, `${path}[]`);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodReadonly) return stringFields(schema.unwrap(), path);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return stringFields(schema.unwrap(), path);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((option) => stringFields(option, path));
  if (schema instanceof z.ZodPipe) return stringFields(schema.in, path);
  if (schema instanceof z.ZodRecord) return [...stringFields(schema.keyType, `${path}{key}`), ...stringFields(schema.valueType, `${path}{}`)];
  throw new Error(`stringFields: no rule for a zod ${kind} at '${path}'`);
}
