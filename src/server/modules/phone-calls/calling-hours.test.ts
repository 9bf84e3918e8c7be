import { describe, expect, it } from 'vitest';
import { describeLocal, isTimeZone, nextCallingSlot, offsetLabel } from './calling-hours';

// When an applicant to a phone screening is first called: weekdays 09:00-18:00 on their own clock,
// at least ten minutes after applying (docs/decisions/035-apply-pages.md).

const at = (iso: string) => new Date(iso);

describe('nextCallingSlot', () => {
  it('calls ten minutes later when that is inside calling hours', () => {
    // Tuesday 2026-11-24 10:00 in Paris (UTC+01:00).
    expect(nextCallingSlot(at('2026-11-24T09:00:00Z'), 'Europe/Paris').toISOString()).toBe('2026-11-24T09:10:00.000Z');
    // To the next whole minute.
    expect(nextCallingSlot(at('2026-11-24T09:00:30Z'), 'Europe/Paris').toISOString()).toBe('2026-11-24T09:11:00.000Z');
  });

  it('waits for 09:00 on the same day before the opening, and for the next weekday after the close', () => {
    // 07:00 in New York (UTC-05:00) on Tuesday: 09:00 the same day.
    expect(nextCallingSlot(at('2026-11-24T12:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-24T14:00:00.000Z');
    // 17:55 in New York: ten minutes later is past 18:00, so Wednesday 09:00.
    expect(nextCallingSlot(at('2026-11-24T22:55:00Z'), 'America/New_York').toISOString()).toBe('2026-11-25T14:00:00.000Z');
  });

  it('skips the weekend on the candidate clock, not the server one', () => {
    // Friday 2026-11-27 19:00 UTC is Saturday 04:00 in Tokyo: Monday 09:00 there (00:00 UTC).
    expect(nextCallingSlot(at('2026-11-27T19:00:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-11-30T00:00:00.000Z');
    // The same instant is Friday 11:00 in Los Angeles: ten minutes later.
    expect(nextCallingSlot(at('2026-11-27T19:00:00Z'), 'America/Los_Angeles').toISOString()).toBe('2026-11-27T19:10:00.000Z');
  });

  it('takes each zone own summer time: the opening after a change of offset is 09:00 on the new clock', () => {
    // Saturday 2026-03-28 in Berlin (UTC+01:00); summer time starts Sunday 29th; Monday 09:00 is 07:00 UTC.
    expect(nextCallingSlot(at('2026-03-28T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-30T07:00:00.000Z');
    // Friday 2026-10-30 evening in New York (UTC-04:00); summer time ends Sunday 1 November; Monday 09:00 is 14:00 UTC.
    expect(nextCallingSlot(at('2026-10-30T23:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // Sydney is in summer time in November (UTC+11:00): Tuesday 2026-11-24 06:00 there → 09:00 is 22:00 UTC the day before.
    expect(nextCallingSlot(at('2026-11-23T19:00:00Z'), 'Australia/Sydney').toISOString()).toBe('2026-11-23T22:00:00.000Z');
  });

  it('handles half and quarter hour zones', () => {
    // Kathmandu is UTC+05:45: 2026-11-24 02:15 UTC is 08:00 there → 09:00 is 03:15 UTC.
    expect(nextCallingSlot(at('2026-11-24T02:15:00Z'), 'Asia/Kathmandu').toISOString()).toBe('2026-11-24T03:15:00.000Z');
    expect(offsetLabel(at('2026-11-24T03:15:00Z'), 'Asia/Kathmandu')).toBe('UTC+05:45');
    expect(offsetLabel(at('2026-11-24T03:15:00Z'), 'Asia/Kolkata')).toBe('UTC+05:30');
  });

  it('always answers inside calling hours, at least ten minutes ahead, across a year in several zones', () => {
    for (const zone of ['Europe/London', 'America/Sao_Paulo', 'Pacific/Auckland', 'America/St_Johns', 'UTC']) {
      for (let hour = 0; hour < 24 * 366; hour += 7) {
        const now = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
        const slot = nextCallingSlot(now, zone);
        expect(slot.getTime() - now.getTime()).toBeGreaterThanOrEqual(10 * 60_000);
        expect(slot.getTime() - now.getTime()).toBeLessThanOrEqual(4 * 24 * 3_600_000);
        const local = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(slot);
        const part = (type: string) => local.find((p) => p.type === type)!.value;
        const minute = Number(part('hour')) * 60 + Number(part('minute'));
        expect(['Sat', 'Sun']).not.toContain(part('weekday'));
        expect(minute).toBeGreaterThanOrEqual(9 * 60);
        expect(minute).toBeLessThan(18 * 60);
      }
    }
  });
});

describe('the zone and its labels', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('gives the offset the dispatcher reads, in summer and in winter', () => {
    expect(offsetLabel(at('2026-07-01T12:00:00Z'), 'America/New_York')).toBe('UTC-04:00');
    expect(offsetLabel(at('2026-12-01T12:00:00Z'), 'America/New_York')).toBe('UTC-05:00');
    expect(offsetLabel(at('2026-12-01T12:00:00Z'), 'UTC')).toBe('UTC+00:00');
  });

  it('describes a call time on the candidate clock', () => {
    expect(describeLocal(at('2026-11-30T08:00:00Z'), 'Europe/Paris')).toBe('Monday, November 30, 2026 at 09:00 (Europe/Paris)');
  });
});
