import { describe, expect, it } from 'vitest';
import { maskPhone } from '../../src/admin/index.js';

describe('maskPhone', () => {
  it('when a Brazilian mobile number is masked, then country and area code and the last four digits stay', () => {
    expect(maskPhone('5511987654321')).toBe('+5511*****4321');
  });

  it('when numbers are short, then at least half of the digits are hidden', () => {
    for (const number of ['12', '1234', '1234567', '12345678', '123456789']) {
      const masked = maskPhone(number);
      const hidden = [...masked].filter((character) => character === '*').length;
      expect(masked.length, number).toBe(number.length + 1);
      expect(hidden * 2, number).toBeGreaterThanOrEqual(number.length);
    }
  });
});
