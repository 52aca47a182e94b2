import { describe, expect, it } from 'vitest';
import { dateTimeLabel, dayLabel } from '../../src/offline-assistant/local-dates.js';
import { fixedClock } from '../../src/shared/index.js';
import { testDatabase } from '../support/test-database.js';
import { allText, demoTenant, isConfirmation } from './demo-tenant-session.js';
import { corpus } from './understanding/corpus-labels.js';

const { db } = await testDatabase();
const clock = fixedClock(corpus.now);

describe('every corpus message as a first message to the real offline assistant (demo tenant)', () => {
  it('when each is answered, then nothing is ever written and every confirmation shows exactly the labelled day and time', {
    timeout: 240_000,
  }, async () => {
    const demo = await demoTenant(db, clock);
    const today = corpus.now.slice(0, 10);
    let confirmations = 0;
    const wrongConfirmations: string[] = [];
    for (const message of corpus.messages) {
      const { say } = await demo.customer();
      const outcome = await say(message.text);
      if (!isConfirmation(outcome)) continue;
      confirmations++;
      const exact = message.day !== null && /^\d{4}-\d{2}-\d{2}$/.test(message.day) && /^\d{2}:\d{2}$/.test(message.time ?? '');
      const shown = allText(outcome);
      if (message.time === 'earliest') continue;
      // A visit's confirmation has the day, then one line per service starting with the first one's time.
      const visitShown = shown.includes(`${dayLabel(message.day ?? '', today)}\n• ${message.time} `);
      if (!exact || !(shown.includes(dateTimeLabel(`${message.day}T${message.time}`, today)) || visitShown))
        wrongConfirmations.push(`${message.text} → ${shown}`);
    }
    console.log(`${confirmations} of ${corpus.messages.length} first messages went straight to the confirmation screen`);
    expect(wrongConfirmations).toEqual([]);
    expect(confirmations).toBeGreaterThan(20);
    expect(await db.appointment.count({ where: { tenantId: demo.tenantId } })).toBe(0);
  });
});
