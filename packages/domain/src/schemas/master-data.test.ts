import { describe, expect, it } from 'vitest';
import { ZBlockedZonesQuery, ZBollard, ZCreateBlockedZoneRequest, ZCreateVesselRequest } from './master-data';
import { PER_PAGE_DEFAULT, PER_PAGE_MAX, ZPageQuery, pageMeta, pageOffset, pageQuery, pagedPayload } from './paging';

describe('paging', () => {
  it('defaults to page 1 of 25, coerces query text and caps per_page at 100', () => {
    expect(ZPageQuery.parse({})).toEqual({ page: 1, per_page: PER_PAGE_DEFAULT });
    expect(ZPageQuery.parse({ page: '3', per_page: '10' })).toEqual({ page: 3, per_page: 10 });
    expect(ZPageQuery.safeParse({ per_page: String(PER_PAGE_MAX + 1) }).success).toBe(false);
    expect(ZPageQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ZPageQuery.safeParse({ page: 'two' }).success).toBe(false);
    expect(pageQuery(10).parse({}).per_page).toBe(10);
  });

  it('counts pages and offsets', () => {
    expect(pageMeta({ page: 2, perPage: 25, totalCount: 51 })).toEqual({ page: 2, per_page: 25, total_count: 51, total_pages: 3 });
    expect(pageMeta({ page: 1, perPage: 25, totalCount: 0 }).total_pages).toBe(0);
    expect(pageOffset({ page: 3, per_page: 10 })).toBe(20);
  });

  it('wraps an item schema as {items, meta}', () => {
    const schema = pagedPayload(ZBollard);
    expect(schema.safeParse({ items: [{ id: 1, name: 'B01', position_m: 5 }], meta: pageMeta({ page: 1, perPage: 25, totalCount: 1 }) }).success).toBe(true);
    expect(schema.safeParse({ items: [{ id: 1 }], meta: pageMeta({ page: 1, perPage: 25, totalCount: 1 }) }).success).toBe(false);
  });
});

describe('block zone requests', () => {
  const valid = { terminal_id: 1, reason: 'Dredging', start_position_m: 100, end_position_m: 200, starts_at: '2026-03-29T00:00:00Z', ends_at: '2026-03-30T00:00:00+02:00' };
  const paths = (input: unknown) => {
    const r = ZCreateBlockedZoneRequest.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
  };

  it('accepts a zone with instants in any zone', () => {
    expect(paths(valid)).toEqual([]);
  });
  it('refuses an end at or before the start, on the end field', () => {
    expect(paths({ ...valid, end_position_m: 100 })).toEqual(['end_position_m']);
    expect(paths({ ...valid, ends_at: '2026-03-28T23:00:00Z' })).toEqual(['ends_at']);
  });
  it('refuses negative positions, a blank reason and instants without a zone', () => {
    expect(paths({ ...valid, start_position_m: -5 })).toContain('start_position_m');
    expect(paths({ ...valid, reason: '   ' })).toEqual(['reason']);
    expect(paths({ ...valid, starts_at: '2026-03-29T00:00:00' })).toContain('starts_at');
  });
  it('needs a window that ends after it starts', () => {
    expect(ZBlockedZonesQuery.safeParse({ terminal_id: '4', from: '2026-03-29T00:00:00Z', to: '2026-03-30T00:00:00Z' }).success).toBe(true);
    const r = ZBlockedZonesQuery.safeParse({ terminal_id: '4', from: '2026-03-29T00:00:00Z', to: '2026-03-29T00:00:00Z' });
    expect(r.error?.issues[0]?.path).toEqual(['to']);
  });
});

describe('vessel requests', () => {
  const valid = { name: 'Elbe Pioneer', imo_number: '9074729', vessel_type: 'CONTAINER', length_overall_m: 294.1, beam_m: 32.3, max_draft_m: 13.5 };
  it('takes a detailed type in free text, trimmed, and none when it is blank', () => {
    expect(ZCreateVesselRequest.parse({ ...valid, vessel_type_detailed: ' Feeder container ship ' }).vessel_type_detailed).toBe('Feeder container ship');
    expect(ZCreateVesselRequest.parse({ ...valid, vessel_type_detailed: '' }).vessel_type_detailed).toBeNull();
    expect(ZCreateVesselRequest.safeParse({ ...valid, vessel_type_detailed: 'x'.repeat(101) }).error?.issues.map((i) => i.path.join('.'))).toEqual(['vessel_type_detailed']);
  });
  it('accepts a vessel and keeps only the digits of "IMO 9074729"', () => {
    expect(ZCreateVesselRequest.parse({ ...valid, imo_number: 'IMO 9074729', flag: 'de' })).toMatchObject({ imo_number: '9074729', flag: 'DE' });
  });
  it('refuses a wrong IMO check digit on imo_number, and an unknown vessel type', () => {
    expect(ZCreateVesselRequest.safeParse({ ...valid, imo_number: '9074728' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['imo_number']);
    expect(ZCreateVesselRequest.safeParse({ ...valid, vessel_type: 'SPACESHIP' }).success).toBe(false);
    expect(ZCreateVesselRequest.safeParse({ ...valid, mmsi: '12345' }).success).toBe(false);
  });
});
