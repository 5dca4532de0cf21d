import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone, phoneHref } from './phone.js';

describe('formatPhone: (xxx) xxx-xxxx with an optional leading +1', () => {
  it.each([
    ['2125550147', '(212) 555-0147'],
    ['+12125550147', '+1 (212) 555-0147'],
    ['12125550147', '+1 (212) 555-0147'],
    ['(212) 555-0147', '(212) 555-0147'],
    ['212.555.0147', '(212) 555-0147'],
  ])('%s → %s', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });

  it('shows anything that is not a US number as it is', () => {
    expect(formatPhone('555-0147')).toBe('555-0147');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('')).toBe('');
  });
});

describe('isValidPhone', () => {
  it.each([
    '2125550147',
    '212 555 0147',
    '(212) 555-0147',
    '212-555-0147',
    '+1 212 555 0147',
    '1-212-555-0147',
    '+1.212.555.0147',
    ' (212)555-0147 ',
  ])('accepts %s', (value) => {
    expect(isValidPhone(value)).toBe(true);
  });

  it.each(['', '555-0147', '21255501470', '+2 212 555 0147', 'phone', '212-555-014x', '(212 555-0147'])(
    'refuses %s',
    (value) => {
      expect(isValidPhone(value)).toBe(false);
    },
  );
});

describe('normalizePhone (how a number is stored)', () => {
  it('keeps the ten digits, after +1 when the country code was given', () => {
    expect(normalizePhone('(212) 555-0147')).toBe('2125550147');
    expect(normalizePhone(' 212.555.0147 ')).toBe('2125550147');
    expect(normalizePhone('+1 (212) 555-0147')).toBe('+12125550147');
    expect(normalizePhone('1-212-555-0147')).toBe('+12125550147');
  });

  it('round-trips through formatPhone', () => {
    expect(formatPhone(normalizePhone('+1 212 555 0147'))).toBe('+1 (212) 555-0147');
    expect(formatPhone(normalizePhone('212 555 0147'))).toBe('(212) 555-0147');
  });
});

describe('phoneHref', () => {
  it('always dials with the US country code', () => {
    expect(phoneHref('2125550147')).toBe('tel:+12125550147');
    expect(phoneHref('+12125550147')).toBe('tel:+12125550147');
  });
});
