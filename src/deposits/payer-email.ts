/**
 * The payer e-mail a Pix charge carries (Mercado Pago requires one). Customers give no e-mail
 * on WhatsApp, so each gets a stable derived one: `cliente-<customer id>@<tenant slug>.pix.wa-agenda.com.br`.
 * It names nobody (no phone number, no name) and is the same for every charge of that customer.
 */
export function payerEmailOf(customer: { id: number }, tenant: { slug: string }): string {
  return `cliente-${customer.id}@${tenant.slug}.pix.wa-agenda.com.br`;
}
