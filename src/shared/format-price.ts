const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Cents as the customer reads them: `6000` → "R$ 60,00", `123456` → "R$ 1.234,56".
 * Intl puts a no-break space after "R$"; it becomes a plain space, so the text reads and
 * matches the same in WhatsApp, the console and logs.
 */
export function formatBrl(cents: number): string {
  return brl.format(cents / 100).replace(/\u00a0/g, ' ');
}

/** A catalogue price: "R$ 60,00", "a partir de R$ 80,00", or null when there is none. */
export function priceLabel(price: { priceCents: number | null; priceFrom: boolean }): string | null {
  if (price.priceCents === null) return null;
  return price.priceFrom ? `a partir de ${formatBrl(price.priceCents)}` : formatBrl(price.priceCents);
}
