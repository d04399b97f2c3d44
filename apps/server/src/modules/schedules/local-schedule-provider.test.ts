import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZOvsServiceSchedules, classifierOfLabel } from '@quayline/domain';
import { OvsFetchError, gnetAdapter } from './ovs-client';
import { type TLocalScheduleProvider, startLocalScheduleProvider } from './local-schedule-provider';
import type { TPublishableStop } from './schedule.repository';

const stop = (over: Partial<TPublishableStop>): TPublishableStop => ({
  voyage_id: 7,
  service_name: 'Nordic Line North Europe',
  service_code: 'NEU4',
  voyage_number_import: '101W',
  voyage_number_export: '101E',
  terminal_code: 'DEHAM-WMT',
  imo_number: '9416123',
  vessel_name: 'NORTHERN ENDEAVOUR',
  operator_code: 'NRDL',
  sequence: 0,
  is_terminal_call: false,
  arrival: new Date('2026-07-01T06:00:00Z'),
  departure: new Date('2026-07-01T20:00:00Z'),
  arrival_classifier: 'ACT',
  departure_classifier: 'ACT',
  unlocode: 'NLRTM',
  berth_arrival: null,
  berth_departure: null,
  berth_arrival_label: null,
  berth_departure_label: null,
  call_status: null,
  ...over,
});

describe('the local schedule provider (OVS 3)', () => {
  let provider: TLocalScheduleProvider;
  const asked: { unlocode: string; from: Date; to: Date }[] = [];
  beforeAll(async () => {
    provider = await startLocalScheduleProvider({
      token: 'secret',
      readStops: async (args) => {
        asked.push(args);
        return [
          stop({}),
          // The terminal call carries the call's own times and labels, not the voyage row's.
          stop({ sequence: 1, is_terminal_call: true, unlocode: 'DEHAM', arrival: new Date('2026-07-03T05:00:00Z'), berth_arrival: new Date('2026-07-03T07:00:00Z'), berth_departure: new Date('2026-07-04T05:00:00Z'), berth_arrival_label: 'actual', berth_departure_label: 'accepted', call_status: 'Berthed' }),
          stop({ sequence: 2, unlocode: 'PLGDN', arrival: new Date('2026-07-05T12:00:00Z'), departure: new Date('2026-07-06T04:00:00Z'), arrival_classifier: 'PLN', departure_classifier: 'PLN' }),
        ];
      },
    });
  });
  afterAll(() => provider.close());

  it('answers the standard request with schedules that OVS 3.0.2 accepts, the terminal call at the call’s own times', async () => {
    const schedules = await gnetAdapter().fetchSchedules({ baseUrl: provider.url, credentials: 'secret', unlocode: 'DEHAM', startDate: '2026-06-30', endDate: '2026-07-10' });
    expect(ZOvsServiceSchedules.safeParse(schedules).success).toBe(true);
    expect(asked.at(-1)).toEqual({ unlocode: 'DEHAM', from: new Date('2026-06-30T00:00:00Z'), to: new Date('2026-07-11T00:00:00Z') });
    const calls = schedules[0]!.vesselSchedules[0]!.transportCalls;
    expect(schedules[0]).toMatchObject({ carrierServiceName: 'Nordic Line North Europe', carrierServiceCode: 'NEU4' });
    expect(calls.map((c) => c.location)).toEqual([
      { locationType: 'UNLO', UNLocationCode: 'NLRTM' },
      { locationType: 'UNLO', UNLocationCode: 'DEHAM' },
      { locationType: 'UNLO', UNLocationCode: 'PLGDN' },
    ]);
    expect(calls[1]!.timestamps).toEqual([
      { eventTypeCode: 'ARRI', eventClassifierCode: 'ACT', eventDateTime: '2026-07-03T07:00:00.000Z' },
      { eventTypeCode: 'DEPA', eventClassifierCode: 'EST', eventDateTime: '2026-07-04T05:00:00.000Z' },
    ]);
    expect(calls[2]!.timestamps.map((t) => t.eventClassifierCode)).toEqual(['PLN', 'PLN']);
  });

  it('refuses a wrong token as a provider does (401, bad credentials)', async () => {
    await expect(gnetAdapter().fetchSchedules({ baseUrl: provider.url, credentials: 'guess', unlocode: 'DEHAM', startDate: '2026-06-30', endDate: '2026-07-10' })).rejects.toBeInstanceOf(OvsFetchError);
  });

  it('reads labels as OVS classifiers', () => {
    expect(['actual', 'accepted', 'estimated', 'planned', 'requested', null].map(classifierOfLabel)).toEqual(['ACT', 'EST', 'EST', 'PLN', 'PLN', 'PLN']);
  });
});
