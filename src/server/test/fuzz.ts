import fc from 'fast-check';
import { z, type ZodType } from 'zod';

/**
 * Request inputs for the API fuzz test (issue 28), made from a route's own zod schemas: the schema
 * is turned into JSON Schema (as the OpenAPI document is), and the JSON Schema into fast-check
 * arbitraries. `validInput` gives values a schema accepts (mostly: refinements are not in JSON
 * Schema); `malformedInput` takes such a value and breaks it in one of the ways clients do.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export const toJsonSchema = (schema: ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Short strings: the fuzz looks for wrong answers, not for the length limits (malformedInput tries those). */
const MAX_STRING = 40;
const MAX_ITEMS = 3;

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? MAX_STRING, MAX_STRING));
  switch (s.format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity) && v.length >= minLength);
    } catch {
      // A pattern fast-check cannot invert: plain text instead.
    }
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1_000_000);
  const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 1_000_000);
  if (integer) {
    const min = Math.max(Math.ceil(low), Number.MIN_SAFE_INTEGER);
    const max = Math.min(Math.floor(high), Number.MAX_SAFE_INTEGER);
    // Small values most of the time (counts, weights, ids), the edges of the range sometimes.
    return fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max: Math.max(min, Math.min(max, min + 200)) }) }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
  }
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema (mostly) accepts. */
export function validInput(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return fc.oneof(...union.map((u) => validInput(u, depth + 1)));
  if (s.allOf?.length) return validInput(s.allOf[0]!, depth + 1);
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => validInput({ ...s, type: t }, depth + 1)));
  switch (type[0]) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((item) => validInput(item, depth + 1)));
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? MAX_ITEMS, depth > 3 ? minLength : MAX_ITEMS));
      return fc.array(s.items ? validInput(s.items, depth + 1) : fc.string(), { minLength, maxLength });
    }
    case 'object': {
      const properties = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = validInput(property, depth + 1);
      const known = fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
      if (typeof s.additionalProperties === 'object' && Object.keys(properties).length === 0) {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validInput(s.additionalProperties, depth + 1), { maxKeys: MAX_ITEMS });
      }
      return known;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Text a database cannot store or a JSON column refuses, and text at and past its limits. */
const hostileText = fc.constantFrom('a\u0000b', '\u0000', 'x\ud800y', '\udc00', 'x'.repeat(100_000), '', ' ', "'; DROP TABLE jobs; --", '%00', '../../etc/passwd', '\u202e\u0301', '😀'.repeat(50));
/** Numbers no column holds, and ones that are not numbers at all. */
const hostileNumber = fc.constantFrom(2_147_483_648, -2_147_483_649, 9_007_199_254_740_991, 1e308, -1, 0, 0.5, -0.0, '1', '', 'NaN', 'Infinity', '9'.repeat(40));
/** Values of the wrong kind for any field. */
const wrongKind = fc.constantFrom<unknown>(null, true, [], {}, [[[[]]]], { a: { b: { c: {} } } }, 'text', 12, ['x'], JSON.parse('{"__proto__":{"polluted":true}}') as unknown, { constructor: { prototype: { polluted: true } } });

export type Path = (string | number)[];

/** Every place in a value where a leaf can be swapped, with what kind of leaf it is. */
function leaves(value: unknown, path: Path = []): { path: Path; kind: 'string' | 'number' | 'other' }[] {
  if (Array.isArray(value)) return [{ path, kind: 'other' }, ...value.flatMap((item, i) => leaves(item, [...path, i]))];
  if (value && typeof value === 'object') return [{ path, kind: 'other' }, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))];
  return [{ path, kind: typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'other' }];
}

function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, leaf);
  return copy;
}

/** A valid value with one thing broken: a leaf swapped for a hostile one, a field added or removed, or the whole replaced. */
export function malformedInput(valid: unknown, s: JsonSchema): fc.Arbitrary<unknown> {
  const spots = leaves(valid);
  const swapLeaf = fc.nat({ max: spots.length - 1 }).chain((i) => {
    const spot = spots[i]!;
    const replacement = spot.kind === 'string' ? fc.oneof(hostileText, wrongKind) : spot.kind === 'number' ? fc.oneof(hostileNumber, wrongKind) : fc.oneof(wrongKind, hostileText, hostileNumber);
    return replacement.map((leaf) => setAt(valid, spot.path, leaf));
  });
  const properties = Object.keys(s.properties ?? {});
  const options: fc.Arbitrary<unknown>[] = [swapLeaf, swapLeaf, fc.oneof(wrongKind, hostileText, hostileNumber)];
  if (properties.length > 0) {
    // Each named field with a hostile value, present or not in the valid sample.
    options.push(fc.tuple(fc.constantFrom(...properties), fc.oneof(hostileText, hostileNumber, wrongKind)).map(([k, v]) => ({ ...(valid as object), [k]: v })));
    options.push(fc.constantFrom(...properties).map((k) => Object.fromEntries(Object.entries(valid as object).filter(([name]) => name !== k))));
    options.push(hostileText.map((v) => ({ ...(valid as object), [v.slice(0, 20) || 'x']: v })));
  }
  return fc.oneof(...options);
}
