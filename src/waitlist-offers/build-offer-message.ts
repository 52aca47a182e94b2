import type { TemplateMessagePayload } from '../graph/index.js';
import type { OutboundReply } from '../shared/index.js';
import { waitlistOfferPayload } from './offer-payload.js';
import { waitlistTexts } from './waitlist-texts.js';

export interface OfferFacts {
  customerName: string;
  service: string;
  professional: string;
  /** local day and time as customers read it (`qua 02/12 às 15:30`) */
  when: string;
  business: string;
  holdMinutes: number;
}

/** Meta refuses a template parameter with newlines, tabs or long runs of spaces. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Pure: the offer inside the 24-hour window: one interactive message with one reply button. */
export function offerReply(facts: OfferFacts, token: string): OutboundReply {
  return {
    type: 'buttons',
    text: waitlistTexts.offer({ ...facts, name: facts.customerName }),
    buttons: [{ id: waitlistOfferPayload(token), title: waitlistTexts.buttonTitle }],
  };
}

/**
 * Pure: the offer outside the window, as the tenant's `slotOffer` template: body parameters in
 * the contract's order (customer name, service, professional, local day and time, business
 * name) and its one quick-reply button's payload; `text` is the readable rendering for people.
 */
export function offerTemplate(
  facts: OfferFacts,
  template: { name: string; language: string },
  token: string,
): { template: TemplateMessagePayload; text: string } {
  return {
    template: {
      name: template.name,
      language: template.language,
      bodyParameters: [facts.customerName, facts.service, facts.professional, facts.when, facts.business].map(oneLine),
      quickReplyPayloads: [waitlistOfferPayload(token)],
    },
    text: `${waitlistTexts.offer({ ...facts, name: facts.customerName })}\n[${waitlistTexts.buttonTitle}]`,
  };
}
