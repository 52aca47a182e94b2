import { z } from 'zod';

/** `POST /admin/appointments/:id/deposit` (CONTRACT: deposit outcomes). */
export const depositBodySchema = z.object({
  action: z.enum(['waive', 'paid'], { error: 'expected "waive" or "paid"' }),
});
