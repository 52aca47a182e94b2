import { describe, expect, it } from 'vitest';
import { visitReceiptText } from '../../../src/scheduling/receipts/index.js';

const business = { name: 'Salão da Ana', address: 'Rua X, 10' };

describe('the receipt of a visit (several services on one day)', () => {
  it('when no price is known, then it has the day, one line per service with its time and professional, and the place once', () => {
    const text = visitReceiptText(
      'qua 02/12',
      [
        { time: '14:00', service: 'Corte', professional: 'Ana' },
        { time: '14:45', service: 'Escova', professional: 'Bia' },
      ],
      business,
    );
    expect(text).toBe(
      ['✅ *Agendamento confirmado*', 'qua 02/12', '• 14:00 Corte com Ana', '• 14:45 Escova com Bia', '📍 Salão da Ana · Rua X, 10'].join(
        '\n',
      ),
    );
  });

  it('when every price is known, then each line shows its price and a total follows; one unknown price leaves the total out', () => {
    const items = [
      { time: '14:00', service: 'Corte', professional: 'Ana', priceCents: 6000 },
      { time: '14:45', service: 'Escova', professional: 'Ana', priceCents: 4550 },
    ];
    const priced = visitReceiptText('qua 02/12', items, business);
    expect(priced).toContain('• 14:00 Corte com Ana · R$ 60,00');
    expect(priced).toContain('Total: R$ 105,50');
    const partly = visitReceiptText('qua 02/12', [items[0]!, { time: '14:45', service: 'Escova', professional: 'Ana' }], business);
    expect(partly).not.toContain('Total');
  });

  it('when the tenant has no address, then the name alone closes the receipt', () => {
    const text = visitReceiptText('qua 02/12', [{ time: '14:00', service: 'Corte', professional: 'Ana' }], {
      name: 'Salão da Ana',
      address: '',
    });
    expect(text.split('\n').at(-1)).toBe('Salão da Ana');
  });
});
