/**
 * Whom a Graph API `/messages` request addresses: the phone (`to`) when known, else the
 * business-scoped user id (`recipient`, which also takes a parent BSUID). Meta documents both
 * with `recipient_type: "individual"`; when both are sent `to` wins, so only one is sent.
 */
export type GraphRecipient = { to: string } | { recipient: string };

/** The recipient fields for a customer; null when the customer has neither id (nothing can be sent). */
export function graphRecipientOf(customer: {
  waId: string | null;
  bsuid: string | null;
  parentBsuid?: string | null;
}): GraphRecipient | null {
  if (customer.waId) return { to: customer.waId };
  const bsuid = customer.bsuid ?? customer.parentBsuid ?? null;
  return bsuid ? { recipient: bsuid } : null;
}
