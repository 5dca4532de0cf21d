import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CallDefinition } from './api/call.js';
import { isLinkedinProfile } from './forms/person.js';
import * as shared from './index.js';
import { httpUrl, isTextSchema, multilineText, text } from './text.js';

describe('text fields', () => {
  it('refuses NUL and other control characters', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', 'del\u007f', 'c1\u0085', 'half\ud800']) {
      expect(text().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(multilineText().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(text().safeParse('a\u0000b').error?.issues[0]?.message).toBe('Must not contain control characters');
  });

  it('allows tabs and line breaks only where a field has several lines', () => {
    expect(text().safeParse('one\ntwo').error?.issues[0]?.message).toBe('Must be a single line');
    expect(text().safeParse('one\ttwo').success).toBe(false);
    expect(multilineText().parse('one\r\ntwo\tthree')).toBe('one\r\ntwo\tthree');
    expect(text().parse('Zoë 😀 ok')).toBe('Zoë 😀 ok');
  });

  it('takes http(s) links and nothing else', () => {
    expect(httpUrl().parse(' https://example.com/x ')).toBe('https://example.com/x');
    for (const bad of [
      'javascript:alert(1)//https://x',
      'data:text/html,x',
      'ftp://x.com',
      'https://',
      'example.com',
    ]) {
      expect(httpUrl().safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes LinkedIn profiles on linkedin.com, with or without http(s)', () => {
    for (const good of [
      'linkedin.com/in/x',
      'www.linkedin.com/in/x',
      'https://www.linkedin.com/in/x/',
      'HTTP://linkedin.com/in/x',
    ]) {
      expect(isLinkedinProfile(good), good).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)//linkedin.com/in/x',
      'data:text/html,linkedin.com/in/x',
      'https://evil.com/linkedin.com/in/x',
      'https://linkedin.com.evil.com/in/x',
      'https://linkedin.com@evil.com/in/x',
      'linkedin.com/company/x',
    ]) {
      expect(isLinkedinProfile(bad), bad).toBe(false);
    }
  });
});

// Every string of every call's request is a text field: a new call that uses z.string() fails here.
type Def = { type: string; [key: string]: unknown };
function plainStrings(schema: z.ZodType, path: string, found: string[], seen = new Set<unknown>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  const walk = (s: unknown, p: string) => plainStrings(s as z.ZodType, p, found, seen);
  switch (def.type) {
    case 'string':
      if (!isTextSchema(schema)) found.push(path || '(body)');
      return;
    case 'object':
      for (const [key, s] of Object.entries(def.shape as Record<string, unknown>))
        walk(s, path ? `${path}.${key}` : key);
      if (def.catchall) walk(def.catchall, `${path}.*`);
      return;
    case 'array':
      walk(def.element, `${path}[]`);
      return;
    case 'union':
      for (const s of def.options as unknown[]) walk(s, path);
      return;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      return;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{}`);
      return;
    case 'tuple':
      for (const s of def.items as unknown[]) walk(s, path);
      return;
    case 'pipe':
      walk(def.in, path);
      walk(def.out, path);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType, path);
      return;
    case 'lazy':
      walk((def.getter as () => unknown)(), path);
      return;
    default:
      return;
  }
}

function allCalls(): CallDefinition[] {
  return Object.entries(shared)
    .filter(([name]) => name.endsWith('Calls'))
    .flatMap(([, calls]) => Object.values(calls as Record<string, CallDefinition>));
}

describe('the contract', () => {
  it('builds every string of every call from text(), multilineText() or httpUrl()', () => {
    const calls = allCalls();
    expect(calls.length).toBeGreaterThan(40);
    const offenders = calls.flatMap((call) => {
      const found: string[] = [];
      plainStrings(call.request, '', found);
      return found.map((field) => `${call.path} ${field}`);
    });
    expect(offenders).toEqual([]);
  });
});
