import type { Queryable } from '../db/index.js';

/** The steps a new salon takes before the bot can book for real, in the order the console shows them. */
export const FIRST_RUN_STEPS = ['services', 'professionals', 'hours', 'test_booking'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

export interface FirstRunChecklist {
  steps: { step: FirstRunStep; done: boolean }[];
  /** every step done: the console stops showing the checklist */
  done: boolean;
}

/**
 * Where a salon stands, from its data: a priced service, a professional offering one, working
 * hours, and a first booking (a test through `npm run chat` or a test number counts).
 */
export async function firstRunChecklist(db: Queryable, tenantId: number): Promise<FirstRunChecklist> {
  const [pricedService, offering, withHours, booking] = await Promise.all([
    db.service.findFirst({ where: { tenantId, active: true, priceCents: { not: null } }, select: { id: true } }),
    db.professionalService.findFirst({
      where: { tenantId, professional: { active: true }, service: { active: true } },
      select: { serviceId: true },
    }),
    db.workingHours.findFirst({ where: { tenantId, professional: { active: true } }, select: { id: true } }),
    db.appointment.findFirst({ where: { tenantId }, select: { id: true } }),
  ]);
  const done: Record<FirstRunStep, boolean> = {
    services: pricedService !== null,
    professionals: offering !== null,
    hours: withHours !== null,
    test_booking: booking !== null,
  };
  const steps = FIRST_RUN_STEPS.map((step) => ({ step, done: done[step] }));
  return { steps, done: steps.every((entry) => entry.done) };
}
