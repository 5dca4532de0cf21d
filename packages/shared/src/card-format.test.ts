import { describe, expect, it } from 'vitest';
import { maskCard } from './card-format.js';

describe('maskCard', () => {
  it('hides all but the last digits of the charged card', () => {
    expect(maskCard('4242')).toBe('**** **** **** 4242');
  });

  it('names the brand when it is known', () => {
    expect(maskCard('4444', 'mastercard')).toBe('Mastercard **** **** **** 4444');
  });

  it('is empty when no card is known', () => {
    expect(maskCard(null)).toBe('');
    expect(maskCard('')).toBe('');
  });
});
