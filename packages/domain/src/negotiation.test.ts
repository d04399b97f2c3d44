import { describe, expect, it } from 'vitest';
import {
  NEGOTIATION_ACTIONS,
  type TFromLabel,
  type TParty,
  type TTimeState,
  TIME_LABELS,
  applyNegotiation,
  legalActions,
  waitingFor,
} from './negotiation';

const LABELS: TFromLabel[] = ['none', ...TIME_LABELS];
const PARTIES: TParty[] = ['terminal', 'vessel_side'];

// Written out by hand, independent of the table: "party action from -> to [change]".
// The turn rule (propose/accept/reject need the other side to have moved last) is tested separately.
const LEGAL = `
vessel_side request none -> requested [newly created]
vessel_side request requested -> requested [to change]
vessel_side request planned -> requested [to change]
vessel_side request estimated -> requested [to change]
vessel_side request accepted -> requested [to change]
terminal plan none -> planned [created]
terminal plan estimated -> planned [created]
terminal propose requested -> planned [proposed]
terminal accept requested -> accepted [created]
vessel_side accept planned -> accepted [created]
terminal reject requested -> PREV [rejected]
vessel_side reject planned -> PREV [rejected]
terminal revise planned -> planned [revised]
terminal revise accepted -> planned [revised]
terminal revise estimated -> planned [revised]
terminal estimate none -> estimated [-]
terminal estimate planned -> estimated [-]
terminal estimate estimated -> estimated [-]
terminal estimate accepted -> estimated [-]
vessel_side estimate none -> estimated [-]
vessel_side estimate estimated -> estimated [-]
vessel_side estimate accepted -> estimated [-]
terminal actual none -> actual [created]
terminal actual requested -> actual [created]
terminal actual planned -> actual [created]
terminal actual estimated -> actual [created]
terminal actual accepted -> actual [created]
terminal actual actual -> actual [created]
vessel_side request_cancel requested -> cancel_requested [to change]
vessel_side request_cancel planned -> cancel_requested [to change]
vessel_side request_cancel estimated -> cancel_requested [to change]
vessel_side request_cancel accepted -> cancel_requested [to change]
terminal accept_cancel cancel_requested -> cancel_accepted [created]
terminal reject_cancel cancel_requested -> PREV [rejected]
terminal cancel requested -> cancelled [created]
terminal cancel planned -> cancelled [created]
terminal cancel estimated -> cancelled [created]
terminal cancel accepted -> cancelled [created]
terminal cancel cancel_requested -> cancelled [created]
`
  .trim()
  .split('\n')
  .map((line) => {
    const m = line.match(/^(\S+) (\S+) (\S+) -> (\S+) \[(.+)\]$/);
    if (!m) throw new Error(`bad line ${line}`);
    return { party: m[1] as TParty, action: m[2]!, from: m[3] as TFromLabel, to: m[4]!, change: m[5] === '-' ? null : m[5]! };
  });

const PREVIOUS: TFromLabel = 'accepted';
function stateFor(label: TFromLabel, party: TParty, isFirstRequest = label === 'none'): TTimeState {
  // The other side moved last, so the turn rule never blocks in the sweep.
  return { label, previousLabel: PREVIOUS, lastParty: label === 'none' ? null : party === 'terminal' ? 'vessel_side' : 'terminal', isFirstRequest };
}

describe('negotiation transitions', () => {
  it('allows exactly the listed cells and refuses every other party x action x label', () => {
    let checked = 0;
    for (const party of PARTIES) {
      for (const action of NEGOTIATION_ACTIONS) {
        for (const from of LABELS) {
          const expected = LEGAL.find((l) => l.party === party && l.action === action && l.from === from);
          const result = applyNegotiation(stateFor(from, party), action, party);
          checked++;
          if (!expected) {
            expect(result.ok, `${party} ${action} from ${from} should be refused`).toBe(false);
            continue;
          }
          expect(result.ok, `${party} ${action} from ${from} should be allowed`).toBe(true);
          if (!result.ok) continue;
          expect(result.to).toBe(expected.to === 'PREV' ? PREVIOUS : expected.to);
          expect(result.change).toBe(expected.change);
        }
      }
    }
    expect(checked).toBe(PARTIES.length * NEGOTIATION_ACTIONS.length * LABELS.length);
  });

  it('says why a move is refused', () => {
    expect(applyNegotiation(stateFor('requested', 'vessel_side'), 'propose', 'vessel_side')).toMatchObject({ ok: false, reason: 'wrong_party' });
    expect(applyNegotiation(stateFor('actual', 'vessel_side'), 'request', 'vessel_side')).toMatchObject({ ok: false, reason: 'wrong_label' });
  });

  it('does not let a side answer its own proposal or request', () => {
    const ownRequest: TTimeState = { label: 'requested', previousLabel: 'none', lastParty: 'vessel_side', isFirstRequest: false };
    expect(applyNegotiation(ownRequest, 'propose', 'terminal').ok).toBe(true);
    const ownProposal: TTimeState = { label: 'planned', previousLabel: 'requested', lastParty: 'terminal', isFirstRequest: false };
    expect(applyNegotiation(ownProposal, 'accept', 'terminal')).toMatchObject({ ok: false });
    expect(applyNegotiation(ownProposal, 'accept', 'vessel_side').ok).toBe(true);
    const theirOwn: TTimeState = { label: 'planned', previousLabel: 'none', lastParty: 'vessel_side', isFirstRequest: false };
    expect(applyNegotiation(theirOwn, 'accept', 'vessel_side')).toMatchObject({ ok: false, reason: 'not_your_turn' });
  });

  it('lists the legal actions for the UI and says whose turn it is', () => {
    const fresh: TTimeState = { label: 'none', previousLabel: 'none', lastParty: null, isFirstRequest: true };
    expect(legalActions(fresh, 'vessel_side')).toEqual(['request', 'estimate']);
    expect(legalActions(fresh, 'terminal')).toEqual(['plan', 'estimate', 'actual']);
    const requested: TTimeState = { label: 'requested', previousLabel: 'none', lastParty: 'vessel_side', isFirstRequest: false };
    expect(waitingFor(requested)).toBe('terminal');
    expect(waitingFor({ ...requested, label: 'planned', lastParty: 'terminal' })).toBe('vessel_side');
    expect(waitingFor({ ...requested, label: 'accepted', lastParty: 'vessel_side' })).toBe(null);
    expect(waitingFor({ ...requested, label: 'cancel_requested' })).toBe('terminal');
  });
});
