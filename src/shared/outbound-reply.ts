/**
 * What a responder (Claude agent, offline assistant, attendant) wants the customer to see.
 * The WhatsApp component turns each into one Graph API message (splitting long text).
 * Limits are WhatsApp's: up to 3 buttons (title ≤ 20 chars), list rows ≤ 10 (title ≤ 24 chars).
 */
export type OutboundReply =
  | { type: 'text'; text: string }
  | { type: 'buttons'; text: string; buttons: { id: string; title: string }[] }
  | {
      type: 'list';
      text: string;
      buttonLabel: string;
      sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[];
    };
