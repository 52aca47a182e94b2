import { describe, expect, expectTypeOf, it } from 'vitest';
import { SHORT_SOURCE_LABELS, SOURCE_LABELS } from '../../console-ui/src/agenda/agenda-labels.js';
import { APPOINTMENT_STATUS_LABELS } from '../../console-ui/src/message-labels.js';
import type { ContractVocabulariesMatch } from '../../src/console/contract-conformance.js';
import type { AppointmentSource, AppointmentStatus, QueueItem, Same, Sent } from '../../src/contract/index.js';
import { APPOINTMENT_SOURCES, APPOINTMENT_STATUSES } from '../../src/scheduling/appointments/index.js';

// The type half runs under `npm run check` (tsc covers test/ and console-ui/): each
// `@ts-expect-error` fails the check the day its line compiles.
describe("the console's contract", () => {
  it('refuses a server body that lacks a field the console reads, or gives it another type', () => {
    const item = {
      id: 1,
      conversationId: 2,
      customer: { id: 3, name: null, phone: null, username: null },
      reason: 'complaint',
      reasonLabel: 'Reclamação',
      note: null,
      status: 'pending' as const,
      attendant: null,
      createdAt: new Date(),
      claimedAt: null,
      waitSeconds: 0,
    };
    const { reasonLabel: _dropped, ...withoutLabel } = item;
    const bodies: Sent<QueueItem>[] = [
      item,
      // @ts-expect-error the console shows reasonLabel: a body without it does not compile
      withoutLabel,
      // @ts-expect-error a status the contract does not know
      { ...item, status: 'archived' },
      // @ts-expect-error waitSeconds is a number
      { ...item, waitSeconds: '0' },
    ];
    expect(bodies).toHaveLength(4);
  });

  it('holds exactly the server’s unions for what the console labels', () => {
    expectTypeOf<ContractVocabulariesMatch>().toEqualTypeOf<[true, true, true, true, true]>();
    expectTypeOf<Same<AppointmentStatus, AppointmentStatus | 'archived'>>().toEqualTypeOf<false>();
    expectTypeOf<AppointmentStatus>().toEqualTypeOf<(typeof APPOINTMENT_STATUSES)[number]>();
  });

  it('gives every appointment status and source the server can answer a label in the console', () => {
    expectTypeOf<keyof typeof APPOINTMENT_STATUS_LABELS>().toEqualTypeOf<AppointmentStatus>();
    expectTypeOf<keyof typeof SOURCE_LABELS>().toEqualTypeOf<AppointmentSource>();
    expect(Object.keys(APPOINTMENT_STATUS_LABELS).sort()).toEqual([...APPOINTMENT_STATUSES].sort());
    expect(Object.keys(SOURCE_LABELS).sort()).toEqual([...APPOINTMENT_SOURCES].sort());
    expect(Object.keys(SHORT_SOURCE_LABELS).sort()).toEqual([...APPOINTMENT_SOURCES].sort());
  });
});
