import { z } from 'zod';

// Meta adds fields over time: every object is loose (unknown keys kept, never an error).

const messageSchema = z.looseObject({
  id: z.string().min(1),
  from: z.string().min(1),
  timestamp: z.string().regex(/^\d+$/),
  type: z.string().min(1),
  text: z.looseObject({ body: z.string() }).optional(),
  interactive: z
    .looseObject({
      type: z.string(),
      button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.looseObject({ id: z.string(), title: z.string(), description: z.string().optional() }).optional(),
    })
    .optional(),
  button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
  image: z.looseObject({ caption: z.string().optional() }).optional(),
  video: z.looseObject({ caption: z.string().optional() }).optional(),
  document: z.looseObject({ caption: z.string().optional(), filename: z.string().optional() }).optional(),
});

const statusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(z.looseObject({ code: z.union([z.number(), z.string()]), title: z.string().optional() })).optional(),
});

const changeValueSchema = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z.looseObject({ phone_number_id: z.string().min(1), display_phone_number: z.string().optional() }),
  contacts: z.array(z.looseObject({ wa_id: z.string(), profile: z.looseObject({ name: z.string().optional() }).optional() })).optional(),
  // Items are checked one by one, so one odd message does not drop its neighbours.
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
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

export { changeValueSchema, messageSchema, statusSchema };
export type WebhookMessage = z.output<typeof messageSchema>;
export type WebhookChangeValue = z.output<typeof changeValueSchema>;
