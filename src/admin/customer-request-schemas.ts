import { z } from 'zod';

// PostgreSQL text cannot hold NUL: refused here with a 400 instead of failing the write with a 500.
const withoutNul = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'não pode conter o caractere NUL (\\u0000)';

/** `GET /admin/customers?q=`: a name or a phone typed in any format. */
export const customerSearchQuerySchema = z.object({
  q: z
    .string({ error: 'informe o nome ou o telefone do cliente em "q"' })
    .trim()
    .min(1, 'informe o nome ou o telefone do cliente em "q"')
    .max(80, 'a busca tem no máximo 80 caracteres'),
});

/** `PATCH /admin/customers/:id`: a corrected name and/or staff's notes (`null` or "" clears the notes). */
export const customerChangesBodySchema = z
  .object({
    name: z
      .string({ error: 'o nome deve ser um texto' })
      .trim()
      .min(1, 'o nome do cliente não pode ficar vazio')
      .max(120, 'o nome tem no máximo 120 caracteres')
      .refine(withoutNul, NUL_MESSAGE)
      .optional(),
    notes: z
      .string({ error: 'as observações devem ser um texto' })
      .trim()
      .max(2000, 'as observações têm no máximo 2000 caracteres')
      .refine(withoutNul, NUL_MESSAGE)
      .transform((text) => (text === '' ? null : text))
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.notes !== undefined, { message: 'envie "name" e/ou "notes"' });
