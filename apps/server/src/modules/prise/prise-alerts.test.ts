import { ALERT_KEY_PATTERN, alertKey, priseNoticeAlert } from '@quayline/domain';
import { describe, expect, it } from 'vitest';

const now = new Date('2026-06-10T12:00:00Z');
const H = 3_600_000;
const due = (hours: number) => new Date(now.getTime() + hours * H).toISOString();
const base = { isReopenedAfterApproval: false, priseCode: null, changedAt: null, now };

describe('the prise_notice dashboard alert', () => {
  it('is critical for a rejected notice, with its code', () => {
    const f = priseNoticeAlert({ ...base, status: 'rejected', dueAt: due(30), priseCode: 'DRAFT_EXCEEDS_CHANNEL_LIMIT', changedAt: '2026-06-10T10:00:00.000Z' });
    expect(f).toMatchObject({ rule: 'prise_notice', severity: 'critical', why: { state: 'rejected', due_at: due(30), prise_code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT' } });
    expect(alertKey('prise_notice', 7, f!.triggeringValue)).toMatch(ALERT_KEY_PATTERN);
  });
  it('is critical when an unsent notice (or none at all) is past its due time', () => {
    expect(priseNoticeAlert({ ...base, status: 'draft', dueAt: due(-1) })).toMatchObject({ severity: 'critical', why: { state: 'overdue' } });
    expect(priseNoticeAlert({ ...base, status: null, dueAt: due(-1) })).toMatchObject({ severity: 'critical', why: { state: 'overdue' } });
  });
  it('warns within 6 h of the due time, not earlier', () => {
    expect(priseNoticeAlert({ ...base, status: 'draft', dueAt: due(5) })).toMatchObject({ severity: 'warning', why: { state: 'due_soon' } });
    expect(priseNoticeAlert({ ...base, status: 'draft', dueAt: due(7) })).toBeNull();
  });
  it('warns about a notice sent back to draft after an approval', () => {
    const f = priseNoticeAlert({ ...base, status: 'draft', isReopenedAfterApproval: true, dueAt: due(30), changedAt: '2026-06-10T11:00:00.000Z' });
    expect(f).toMatchObject({ severity: 'warning', why: { state: 'reopened', prise_code: null } });
    expect(alertKey('prise_notice', 7, f!.triggeringValue)).toMatch(ALERT_KEY_PATTERN);
  });
  it('stays quiet for a sent or approved notice, and without an ETA', () => {
    expect(priseNoticeAlert({ ...base, status: 'submitted', dueAt: due(-5) })).toBeNull();
    expect(priseNoticeAlert({ ...base, status: 'approved', dueAt: due(-5) })).toBeNull();
    expect(priseNoticeAlert({ ...base, status: 'draft', dueAt: null })).toBeNull();
  });
});
