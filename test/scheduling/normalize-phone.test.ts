import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/scheduling/customers/index.js';

describe('normalizePhone', () => {
  it.each([
    ['(11) 98765-4321'],
    ['11987654321'],
    ['+55 11 98765-4321'],
    ['+55 (11) 9 8765 4321'],
    ['5511987654321'],
    ['551187654321'],
    ['+55 11 8765-4321'],
  ])('when %s is given, then it is the mobile 5511987654321, also known by its old wa_id', (text) => {
    expect(normalizePhone(text)).toEqual({ digits: '5511987654321', waIdCandidates: ['5511987654321', '551187654321'] });
  });

  it('when a landline or a foreign number is given, then it has one form', () => {
    expect(normalizePhone('(11) 3456-7890')).toEqual({ digits: '551134567890', waIdCandidates: ['551134567890'] });
    expect(normalizePhone('+351 912 345 678')).toEqual({ digits: '351912345678', waIdCandidates: ['351912345678'] });
  });

  it.each([[''], ['123'], ['abc'], ['(11) 1234'], ['+55 00 98765-4321']])('when %j is given, then it is not a phone number', (text) => {
    expect(normalizePhone(text)).toBeNull();
  });
});
