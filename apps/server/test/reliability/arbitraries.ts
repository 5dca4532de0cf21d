import fc from 'fast-check';
import { ID_FIELD, type JsonSchema } from './openapi.js';

// fast-check bodies from a call's JSON Schema (as the OpenAPI document writes it), then broken.

export interface Hints {
  /** Ids that exist (the fuzzing user's group, lead, room, …): id fields pick them often, to get past 404s. */
  ids: number[];
  /** Ids by field name (`group_id` → the fixture's group), tried first. */
  idsByField?: Record<string, number[]>;
}

// Fields whose rules the JSON Schema cannot say (refinements): values that pass them, so bodies get
// past validation to the service and the database.
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,12}$/), fc.constantFrom('example.com', 'example.org'))
  .map(([name, domain]) => `${name}@${domain}`);
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  email: plainEmail,
  phone: fc.constantFrom('(212) 555-0147', '2125550147', '+1 415 555 0100'),
  linkedin: fc.constantFrom('linkedin.com/in/avery', 'https://www.linkedin.com/in/pat-q'),
  password: fc.constantFrom('Correct-Horse-9', 'Another-Pass-77'),
  privateCode: fc.constantFrom('open-sesame-42'),
  private_code: fc.constantFrom('open-sesame-42'),
  number: fc.constantFrom('4242 4242 4242 4242', '4000000000000002'),
  cvc: fc.constantFrom('123'),
  postal: fc.constantFrom('10118', '94105', '60601'),
};

const MAX_ITEMS = 4;
const MAX_TEXT = 60;

/** A value the schema accepts, most of the time (patterns and formats are approximated). */
export function validValue(schema: JsonSchema | undefined, hints: Hints, key = ''): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  const known = schema.type === 'string' ? FIELD_VALUES[key] : undefined;
  const base = known
    ? fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: baseValue(schema, hints, key) })
    : baseValue(schema, hints, key);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function baseValue(schema: JsonSchema, hints: Hints, key: string): fc.Arbitrary<unknown> {
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options?.length) return fc.oneof(...options.map((s) => validValue(s, hints, key)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), hints, key);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
    case 'number': {
      const numbers = numberValue(schema, type === 'integer');
      if (!ID_FIELD.test(key) || hints.ids.length === 0) return numbers;
      const named = hints.idsByField?.[key];
      return fc.oneof(
        ...(named?.length ? [{ weight: 6, arbitrary: fc.constantFrom(...named) }] : []),
        { weight: 2, arbitrary: fc.constantFrom(...hints.ids) },
        { weight: 1, arbitrary: numbers },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items, hints, key), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const record = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, validValue(s, hints, k)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []) as string[] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= maxLength + 20);
  if (schema.format === 'email') return plainEmail;
  if (schema.format === 'uri') return fc.webUrl();
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  // OpenAPI 3.0: exclusiveMinimum is a flag beside minimum.
  let min: number | undefined = schema.minimum;
  let max: number | undefined = schema.maximum;
  if (schema.exclusiveMinimum === true && min !== undefined) min = integer ? min + 1 : min + Number.EPSILON;
  if (schema.exclusiveMaximum === true && max !== undefined) max = integer ? max - 1 : max - Number.EPSILON;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON);
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON);
  if (integer) {
    return fc.integer({
      min: Math.max(min ?? -1000, Number.MIN_SAFE_INTEGER),
      max: Math.min(max ?? 1000, Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/** What an attacker puts in a field: control characters, huge and odd strings, extreme numbers, wrong types. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'line\nbreak',
    '\u0007\u001b[31m\u007f',
    '\u0085\u009f',
    'half\ud800',
    '\udfffhalf',
    '\u202egnp.exe',
    '%00',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    'javascript:alert(1)//linkedin.com/in/x',
    '__proto__',
    '   ',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('x'.repeat(100_000), '\u0000'.repeat(10_000), '😀'.repeat(20_000)),
  fc.constantFrom(1e308, -1e308, 5e-324, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53 + 2, -(2 ** 63), -0, 0.5, -1, 0),
  fc.constantFrom(true, false, null, [], {}, [null], { $gt: '' }, [[[[[]]]]]),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Every place in a body a value can be put: [] is the body itself. */
function locations(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const found = [at];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) found.push(...locations(v, [...at, i]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) found.push(...locations(v, [...at, k]));
  }
  return found;
}

function clone<T>(value: T): T {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}

/** Sets (or deletes, with `remove`) the value at a path; own properties only, so __proto__ is a plain key. */
function setAt(body: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = clone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove && Array.isArray(node)) node.splice(Number(last), 1);
  else if (remove) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\ud800', '\n', '\t'];

function valueAt(value: unknown, path: (string | number)[]): unknown {
  let node = value as Record<string | number, unknown>;
  for (const step of path) node = node[step] as Record<string | number, unknown>;
  return node;
}

function objectsIn(value: unknown): (string | number)[][] {
  return locations(value).filter((p) => {
    let node = value as Record<string | number, unknown>;
    for (const step of p) node = node[step] as Record<string | number, unknown>;
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
}

/** A valid body with a control character slipped into one of its texts: it must stop at validation. */
export function poisonedBodies(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<string> {
  const valid = validValue(schema ?? { type: 'object' }, hints);
  const poisoned = fc
    .tuple(valid, fc.nat(), fc.nat(), fc.constantFrom(...CONTROL_CHARACTERS))
    .map(([body, n, at, ch]) => {
      const texts = locations(body).filter((p) => typeof valueAt(body, p) === 'string');
      if (!texts.length) return body;
      const place = texts[n % texts.length]!;
      const text = valueAt(body, place) as string;
      const cut = at % (text.length + 1);
      return setAt(body, place, text.slice(0, cut) + ch + text.slice(cut));
    });
  return poisoned.map((body) => JSON.stringify(body) ?? '');
}

/** A JSON text: a valid body, the same body broken one way, or no JSON at all. */
export function requestBodies(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<string> {
  const valid = validValue(schema ?? { type: 'object' }, hints);
  const replaced = fc.tuple(valid, fc.nat(), hostileValue).map(([body, n, v]) => {
    const places = locations(body);
    return setAt(body, places[n % places.length]!, v);
  });
  const missing = fc.tuple(valid, fc.nat()).map(([body, n]) => {
    const places = locations(body).filter((p) => p.length > 0);
    return places.length ? setAt(body, places[n % places.length]!, undefined, true) : body;
  });
  const extra = fc
    .tuple(valid, fc.nat(), fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 })), hostileValue)
    .map(([body, n, key, v]) => {
      const objects = objectsIn(body);
      if (!objects.length) return body;
      return setAt(body, [...objects[n % objects.length]!, key], key === '__proto__' ? { polluted: 'yes' } : v);
    });
  const asJson = (arb: fc.Arbitrary<unknown>) => arb.map((body) => JSON.stringify(body) ?? '');
  const notJson = fc.oneof(
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      'nul',
      '[1,]',
      '{"a":1}}',
      '\u0000',
      "{'a':1}",
      '{"__proto__":{"polluted":"yes"}}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      `{"a":"${'x'.repeat(1_100_000)}"}`,
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ),
    fc.string({ unit: 'binary', maxLength: 50 }),
  );
  return fc.oneof(
    { weight: 3, arbitrary: asJson(valid) },
    { weight: 4, arbitrary: asJson(replaced) },
    { weight: 2, arbitrary: poisonedBodies(schema, hints) },
    { weight: 1, arbitrary: asJson(missing) },
    { weight: 2, arbitrary: asJson(extra) },
    { weight: 1, arbitrary: notJson },
  );
}

/** A path or query parameter's text: a valid value or a hostile one, as it would appear in a URL. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless client would.
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

export function parameterText(schema: JsonSchema | undefined, hints: Hints, name: string): fc.Arbitrary<string> {
  const valid = validValue(schema, hints, name).map((v) => encode(String(v)));
  const hostile = hostileValue.map((v) => encode(typeof v === 'string' ? v.slice(0, 3000) : JSON.stringify(v)));
  return fc.oneof(valid, hostile, fc.constantFrom('%00', '%ZZ', '%', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A'));
}
