import { describe, expect, it } from 'vitest';
import { errorBody } from './call.js';
import { readErrorBody } from './error-body.js';

describe('readErrorBody', () => {
  const samples: unknown[] = [
    { message: 'Invalid credentials' },
    { message: 'Gone', code: 'GROUP_DELETED' },
    { message: 'Bad input', issues: [{ path: 'email', message: 'Required', extra: 1 }], other: true },
    { message: 'x', code: 5 },
    { message: 'x', issues: [{ path: 1, message: 'm' }] },
    { message: 'x', issues: 'no' },
    { code: 'NO_MESSAGE' },
    [],
    'text',
    null,
    undefined,
    42,
  ];
  it.each(samples.map((sample) => [sample]))('reads %j as errorBody does', (sample) => {
    const parsed = errorBody.safeParse(sample);
    expect(readErrorBody(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});
