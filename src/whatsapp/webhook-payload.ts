import { z } from 'zod';

// Meta adds fields over time: every object is loose (unknown keys kept, never an error).
// Arrays of items (contacts, messages, statuses, echoes) are `unknown` here and checked one
// by one, so one odd item never drops its neighbours.

/** Unix seconds as Meta sends them; anything a Date cannot hold (e.g. `99999999999999999999`) is refused. */
const unixSeconds = z
  .union([z.string().regex(/^\d{1,12}$/, 'expected unix seconds'), z.number().int().nonnegative()])
  .transform((value) => Number(value))
  .refine((seconds) => seconds <= 253_402_300_799, 'timestamp out of range');

const caption = z.looseObject({ caption: z.string().optional(), id: z.string().optional(), mime_type: z.string().optional() });

const errorItem = z.looseObject({
  code: z.union([z.number(), z.string()]).optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.looseObject({ details: z.string().optional() }).optional(),
});
export const errorsSchema = z.array(errorItem);

// No check that a sender id is here: the contact's `wa_id` or `user_id` may name the sender
// (senderOf), and an item naming nobody is refused by the intake with that reason.
const messageSchema = z.looseObject({
  id: z.string().min(1).max(512),
  /** the sender's phone; absent for a username-only user */
  from: z.string().min(1).max(64).optional(),
  /** the sender's business-scoped user id */
  from_user_id: z.string().min(1).max(256).optional(),
  from_parent_user_id: z.string().min(1).max(256).optional(),
  timestamp: unixSeconds,
  type: z.string().min(1).max(64),
  text: z.looseObject({ body: z.string() }).optional(),
  interactive: z
    .looseObject({
      type: z.string().optional(),
      button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.looseObject({ id: z.string(), title: z.string(), description: z.string().optional() }).optional(),
      nfm_reply: z
        .looseObject({ name: z.string().optional(), body: z.string().optional(), response_json: z.string().optional() })
        .optional(),
    })
    .optional(),
  button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
  image: caption.optional(),
  video: caption.optional(),
  document: caption.extend({ filename: z.string().optional() }).optional(),
  audio: z.looseObject({ id: z.string().optional(), mime_type: z.string().optional(), voice: z.boolean().optional() }).optional(),
  reaction: z.looseObject({ message_id: z.string().optional(), emoji: z.string().optional() }).optional(),
  system: z
    .looseObject({
      body: z.string().optional(),
      type: z.string().optional(),
      wa_id: z.string().optional(),
      user_id: z.string().optional(),
      previous_user_id: z.string().optional(),
    })
    .optional(),
  revoke: z.looseObject({ original_message_id: z.string().optional() }).optional(),
  edit: z
    .looseObject({
      original_message_id: z.string().optional(),
      message: z
        .looseObject({
          type: z.string().optional(),
          text: z.looseObject({ body: z.string() }).optional(),
          image: caption.optional(),
          video: caption.optional(),
          document: caption.optional(),
        })
        .optional(),
    })
    .optional(),
  order: z
    .looseObject({
      catalog_id: z.string().optional(),
      text: z.string().optional(),
      product_items: z
        .array(
          z.looseObject({
            product_retailer_id: z.string().optional(),
            quantity: z.union([z.number(), z.string()]).optional(),
            item_price: z.union([z.number(), z.string()]).optional(),
            currency: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  context: z.looseObject({ id: z.string().optional(), from: z.string().optional(), forwarded: z.boolean().optional() }).optional(),
  referral: z
    .looseObject({ source_url: z.string().optional(), source_id: z.string().optional(), source_type: z.string().optional() })
    .optional(),
  errors: errorsSchema.optional(),
});

const statusSchema = z.looseObject({
  id: z.string().min(1).max(512),
  status: z.string().min(1).max(64),
  timestamp: z.union([z.string(), z.number()]).optional(),
  recipient_id: z.string().optional(),
  recipient_user_id: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  errors: errorsSchema.optional(),
});

/** A message the business sent from the WhatsApp Business app (coexistence, field `smb_message_echoes`). */
const echoSchema = z
  .looseObject({
    id: z.string().min(1).max(512),
    from: z.string().optional(),
    to: z.string().min(1).max(64).optional(),
    to_user_id: z.string().min(1).max(256).optional(),
    timestamp: unixSeconds,
    type: z.string().min(1).max(64),
    text: z.looseObject({ body: z.string() }).optional(),
    image: caption.optional(),
    video: caption.optional(),
    document: caption.optional(),
  })
  .refine((echo) => echo.to !== undefined || echo.to_user_id !== undefined, { message: 'an echo needs `to` or `to_user_id`' });

const contactSchema = z.looseObject({
  wa_id: z.string().min(1).max(64).optional(),
  user_id: z.string().min(1).max(256).optional(),
  parent_user_id: z.string().min(1).max(256).optional(),
  username: z.string().max(256).optional(),
  profile: z.looseObject({ name: z.string().max(512).optional(), username: z.string().max(256).optional() }).optional(),
});

const changeValueSchema = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z.looseObject({ phone_number_id: z.string().min(1), display_phone_number: z.string().optional() }),
  contacts: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
  message_echoes: z.array(z.unknown()).optional(),
  errors: z.array(z.unknown()).optional(),
});

export const webhookPayloadSchema = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.string().optional(),
      changes: z.array(z.looseObject({ field: z.string().optional(), value: z.unknown() })),
    }),
  ),
});

export { changeValueSchema, contactSchema, echoSchema, messageSchema, statusSchema };
export type WebhookMessage = z.output<typeof messageSchema>;
export type WebhookStatus = z.output<typeof statusSchema>;
export type WebhookEcho = z.output<typeof echoSchema>;
export type WebhookContact = z.output<typeof contactSchema>;
export type WebhookChangeValue = z.output<typeof changeValueSchema>;
export type WebhookError = z.output<typeof errorItem>;
