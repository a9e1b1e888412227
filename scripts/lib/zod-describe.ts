// A compact, readable text for a zod 4 schema, for docs/protocol.md: `Lot[] (1–1000)`, `{lotId: Id, newTitle:
// string 1–255, trimmed}`. It reads the schema definitions (`_zod.def`) and handles the kinds src/protocol uses;
// anything else is named by its kind so a new kind shows up in the doc instead of disappearing.
import { z } from 'zod';

type Schema = z.core.$ZodType;
type Check = z.core.$ZodCheck;

/**
 * How named schemas are written: entities become links, scalars stay plain names. `nameOf` should match by
 * definition (`_zod.def`), which `.describe()` clones share, so `Id.describe('…')` is still `Id`.
 */
export interface Names {
  nameOf(schema: Schema): string | undefined;
  render(name: string): string;
  /** Whether this is the named schema itself (whose own description belongs to its definition, not a field). */
  isCanonical(schema: Schema): boolean;
}

export const descriptionOf = (schema: Schema): string | undefined => z.globalRegistry.get(schema)?.description;

const def = (schema: Schema): z.core.$ZodTypeDef => schema._zod.def;
const checkDefs = (schema: Schema): Array<Check['_zod']['def'] & Record<string, unknown>> =>
  (def(schema).checks ?? []).map((check) => check._zod.def as Check['_zod']['def'] & Record<string, unknown>);

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min}–${max}`;
  if (min !== undefined) return `≥${min}`;
  if (max !== undefined) return `≤${max}`;
  return '';
}

function lengthBounds(schema: Schema): string {
  let min: number | undefined;
  let max: number | undefined;
  for (const check of checkDefs(schema)) {
    if (check.check === 'min_length') min = check.minimum as number;
    if (check.check === 'max_length') max = check.maximum as number;
    if (check.check === 'length_equals') min = max = check.length as number;
  }
  return range(min, max);
}

function describeString(schema: Schema): string {
  const own = def(schema) as z.core.$ZodTypeDef & { format?: string };
  const parts: string[] = [];
  if (own.format === 'url') parts.push('http(s) URL');
  else if (own.format === 'datetime') parts.push('ISO 8601 date-time');
  else parts.push('string');
  const bounds = lengthBounds(schema);
  if (bounds) parts[0] += ` ${bounds} chars`;
  for (const check of checkDefs(schema)) {
    if (check.check === 'overwrite') parts.push(String(check.tx).includes('trim') ? 'trimmed' : 'normalised');
    if (check.check === 'string_format' && check.format === 'regex') parts.push(`\`${String(check.pattern)}\``);
  }
  return parts.join(', ');
}

function describeNumber(schema: Schema): string {
  let kind = 'number';
  let low: { value: number; inclusive: boolean } | undefined;
  let high: { value: number; inclusive: boolean } | undefined;
  for (const check of checkDefs(schema)) {
    if (check.check === 'number_format' && String(check.format).includes('int')) kind = 'int';
    if (check.check === 'greater_than') low = { value: check.value as number, inclusive: Boolean(check.inclusive) };
    if (check.check === 'less_than') high = { value: check.value as number, inclusive: Boolean(check.inclusive) };
  }
  if (low?.inclusive && high?.inclusive) return `${kind} ${range(low.value, high.value)}`;
  const bounds = [low && `${low.inclusive ? '≥' : '>'}${low.value}`, high && `${high.inclusive ? '≤' : '<'}${high.value}`];
  return [kind, ...bounds.filter((bound) => bound !== undefined)].join(' ');
}

/** `Lot[]` for a one-word element, `(int 1–9)[]` otherwise. */
function listOf(element: string, bounds: string): string {
  const simple = /^[\w.]+$/.test(element) || /^\[\w+\]\(#[\w-]+\)$/.test(element) || /^\{[^{}]*\}$/.test(element);
  return `${simple ? element : `(${element})`}[]${bounds ? ` (${bounds})` : ''}`;
}

function fieldText(key: string, value: Schema, names: Names): string {
  const { optional, type } = unwrapField(value, names);
  return `${key}${optional ? '?' : ''}: ${type}`;
}

/**
 * A field's type with its wrappers spelled out: `| null` for nullable, `(default …)` for a default; `optional`
 * when the key may be left out; `note` from `.describe()` on any wrapper. `expand` describes a named schema itself.
 */
export function unwrapField(
  value: Schema,
  names: Names,
  expand = false,
): { optional: boolean; type: string; note: string | undefined } {
  let nullable = false;
  let fallback: string | undefined;
  let note: string | undefined;
  let current = value;
  for (let depth = 0; ; depth += 1) {
    if (!names.isCanonical(current)) note ??= descriptionOf(current);
    if (names.nameOf(current) !== undefined && !(expand && depth === 0)) break;
    const own = def(current);
    if (own.type === 'nullable') nullable = true;
    else if (own.type === 'default') fallback = JSON.stringify((own as z.core.$ZodDefaultDef).defaultValue);
    else if (own.type !== 'optional' && own.type !== 'nonoptional') break;
    current = (own as z.core.$ZodOptionalDef).innerType;
  }
  const type = `${describe(current, names)}${nullable ? ' | null' : ''}${fallback === undefined ? '' : ` (default ${fallback})`}`;
  return { optional: value._zod.optin !== undefined, type, note };
}

/** The text of a schema; a named schema is its name unless `expand` asks for its definition. */
export function describe(schema: Schema, names: Names, expand = false): string {
  const name = names.nameOf(schema);
  if (name !== undefined && !expand) return names.render(name);
  const own = def(schema);
  switch (own.type) {
    case 'string':
      return describeString(schema);
    case 'number':
      return describeNumber(schema);
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'undefined':
      return 'none';
    case 'unknown':
    case 'any':
      return 'any JSON';
    case 'literal':
      return (own as z.core.$ZodLiteralDef<z.core.util.Literal>).values.map((value) => JSON.stringify(value)).join(' | ');
    case 'enum': {
      const entries = Object.entries((own as z.core.$ZodEnumDef).entries);
      return entries.map(([key, value]) => (typeof value === 'string' ? `'${value}'` : `${value} (${key})`)).join(' | ');
    }
    case 'array':
      return listOf(describe((own as z.core.$ZodArrayDef).element, names), lengthBounds(schema));
    case 'object': {
      const shape = Object.entries((own as z.core.$ZodObjectDef).shape);
      return `{${shape.map(([key, value]) => fieldText(key, value, names)).join(', ')}}`;
    }
    case 'optional':
    case 'nonoptional':
    case 'nullable':
    case 'default': {
      const field = unwrapField(schema, names, expand);
      return field.optional ? `${field.type} (optional)` : field.type;
    }
    case 'union':
      return (own as z.core.$ZodUnionDef).options.map((option) => describe(option, names)).join(' | ');
    case 'pipe':
      return describe((own as z.core.$ZodPipeDef).in, names);
    default:
      return own.type;
  }
}

/** The schemas directly inside this one (for walking what the contract reaches). */
export function children(schema: Schema): Schema[] {
  const own = def(schema);
  switch (own.type) {
    case 'array':
      return [(own as z.core.$ZodArrayDef).element];
    case 'object':
      return Object.values((own as z.core.$ZodObjectDef).shape);
    case 'optional':
    case 'nonoptional':
    case 'nullable':
    case 'default':
      return [(own as z.core.$ZodOptionalDef).innerType];
    case 'union':
      return [...(own as z.core.$ZodUnionDef).options];
    case 'pipe':
      return [(own as z.core.$ZodPipeDef).in];
    default:
      return [];
  }
}

/** The fields of an object schema, for an entity table; undefined for anything else. */
export function fieldsOf(
  schema: Schema,
  names: Names,
): Array<{ field: string; optional: boolean; type: string; note: string | undefined }> | undefined {
  const own = def(schema);
  if (own.type !== 'object') return undefined;
  return Object.entries((own as z.core.$ZodObjectDef).shape).map(([field, value]) => ({ field, ...unwrapField(value, names) }));
}
