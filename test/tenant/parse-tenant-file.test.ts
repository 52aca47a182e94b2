import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTenantFile, readTenantFile } from '../../src/tenant/index.js';

const valid = () => ({
  slug: 'barbearia-do-ze',
  name: 'Barbearia do Zé',
  timezone: 'America/Recife',
  whatsapp: { phoneNumberId: '300000000000001' },
  assistant: { businessInfo: '' },
  booking: { minNoticeMinutes: 30, horizonDays: 14, slotStepMinutes: 30 },
  services: [{ key: 'barba', name: 'Barba', durationMinutes: 30 }],
  professionals: [{ key: 'ze', name: 'Zé', services: ['barba'], hours: { sat: [['08:00', '12:00']], sun: [['18:00', '24:00']] } }],
});

function problemsOf(input: unknown): string[] {
  const parsed = parseTenantFile(input);
  return parsed.ok ? [] : parsed.problems;
}

describe('parseTenantFile', () => {
  it('when the file is valid, then it parses, with the access token optional (sandbox) and 24:00 allowed as an end', () => {
    const parsed = parseTenantFile(valid());
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.file.whatsapp.accessToken).toBeUndefined();
  });

  it("when the owner's reply pause is given, then it must be whole minutes from 1 to 30 days", () => {
    const withPause = (value: unknown) => ({ ...valid(), assistant: { businessInfo: '', ownerReplyPauseMinutes: value } });
    const parsed = parseTenantFile(withPause(90));
    expect(parsed.ok && parsed.file.assistant.ownerReplyPauseMinutes).toBe(90);
    expect(problemsOf(withPause(0)).join('\n')).toMatch(/assistant\.ownerReplyPauseMinutes/);
    expect(problemsOf(withPause(1.5)).join('\n')).toMatch(/assistant\.ownerReplyPauseMinutes/);
  });

  it('when keys repeat and intervals overlap, then each problem names its path', () => {
    const file = valid();
    file.services.push({ key: 'barba', name: 'Barba de novo', durationMinutes: 20 });
    file.professionals.push({
      key: 'ze',
      name: 'Outro Zé',
      services: ['barba', 'barba'],
      hours: {
        sat: [
          ['09:00', '11:00'],
          ['10:30', '12:00'],
        ],
        sun: [],
      },
    });
    expect(problemsOf(file)).toEqual([
      'services[1].key: duplicate service key "barba" (also services[0])',
      'professionals[1].key: duplicate professional key "ze" (also professionals[0])',
      'professionals[1].services[1]: service "barba" is listed twice',
      'professionals[1].hours.sat[1]: interval 10:30–12:00 overlaps 09:00–11:00 (sat[0])',
    ]);
  });

  it('when fields are misspelt, missing or malformed, then every one is reported, not just the first', () => {
    const file = {
      ...valid(),
      timezone: 'Brasil/Sao_Paulo',
      whatsapp: { phoneNumberId: '+55 11 9999', acessToken: 'x' },
      booking: { minNoticeMinutes: -5, horizonDays: 14 },
      professionals: [
        {
          key: 'ze',
          name: 'Zé',
          services: ['barba'],
          hours: { seg: [['8:00', '12:00']] },
          timeOff: [{ from: '2026-02-30T10:00', to: '2026-03-01T10:00' }],
        },
      ],
    };
    expect(problemsOf(file)).toEqual([
      'timezone: is not a known IANA time zone (e.g. "America/Sao_Paulo")',
      'whatsapp.phoneNumberId: must be the numeric phone number id from Meta (digits only)',
      'whatsapp: unknown field "acessToken"',
      expect.stringMatching(/^booking\.minNoticeMinutes: /),
      'booking.slotStepMinutes: is required',
      'professionals[0].hours: unknown field "seg"',
      'professionals[0].timeOff[0].from: is not a real calendar date',
    ]);
  });

  it('when time off ends before it starts or an interval is empty, then both are named', () => {
    const file = valid();
    Object.assign(file.professionals[0]!, { timeOff: [{ from: '2026-12-26T00:00', to: '2026-12-24T00:00' }] });
    file.professionals[0]!.hours.sat = [['08:00', '08:00']];
    expect(problemsOf(file)).toEqual([
      'professionals[0].hours.sat[0]: interval 08:00–08:00 is empty',
      'professionals[0].timeOff[0]: time off 2026-12-26T00:00 – 2026-12-24T00:00 ends before it starts',
    ]);
  });
});

describe('readTenantFile', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'tenant-file-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('when the file is not JSON or does not exist, then that is the one problem reported', async () => {
    const broken = path.join(directory, 'broken.json');
    await writeFile(broken, '{"slug": "x",');
    expect(await readTenantFile(broken)).toEqual({ ok: false, problems: [expect.stringMatching(/^\(file\): not valid JSON: /)] });
    expect(await readTenantFile(path.join(directory, 'missing.json'))).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^\(file\): cannot read /)],
    });
  });
});
