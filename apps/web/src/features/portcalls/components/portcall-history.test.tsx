import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp, signedIn } from '@/test/render-app';
import { makePortcall, makeStep, portcallApi, REQUESTED_CHAIN } from '@/test/portcall-fixtures';

describe('negotiation history', () => {
  it('names steps a schedule sync made as automated, and a schedule proposal as such', async () => {
    const portcall = makePortcall({ schedule_syncable: true, voyage_id: 4 });
    const chain = [
      ...REQUESTED_CHAIN,
      makeStep({ time: 'berth_arrival', action: 'estimate', party: 'vessel_side', classifier: 'EST', label: 'estimated', created_by: { id: null, name: 'Schedule sync (gnet)', user_type: 'automated' }, remark: 'Schedule gnet' }),
      makeStep({ time: 'berth_departure', action: 'schedule_proposal', party: 'vessel_side', classifier: 'EST', label: 'accepted', created_by: { id: null, name: 'Schedule sync (portcast)', user_type: 'automated' } }),
    ];
    renderApp('/en/portcall-planner/details?id=5', signedIn, portcallApi({ portcall: () => portcall, chain: () => chain }));
    const history = await screen.findByTestId('portcall-history');
    const rows = await within(history).findAllByTestId('history-row');
    const estimate = rows.find((r) => r.getAttribute('data-action') === 'estimate')!;
    expect(estimate.textContent).toContain('Schedule sync (gnet)');
    expect(estimate.textContent, estimate.textContent ?? '').toContain('Automated');
    const proposal = rows.find((r) => r.getAttribute('data-action') === 'schedule_proposal')!;
    expect(proposal.textContent).toContain('Schedule proposal');
    expect(proposal.textContent).not.toContain('schedule_proposal');
  });

  it('names the colleague a step was made for, next to the person who made it', async () => {
    const chain = [...REQUESTED_CHAIN, makeStep({ time: 'berth_arrival', action: 'propose', party: 'terminal', created_by: { id: 3, name: 'Hanna Kruse', user_type: 'terminal_operator' }, acting_for: { id: 4, name: 'Mira Albers' } })];
    renderApp('/en/portcall-planner/details?id=5', signedIn, portcallApi({ portcall: () => makePortcall(), chain: () => chain }));
    const rows = await within(await screen.findByTestId('portcall-history')).findAllByTestId('history-row');
    expect(rows.find((r) => r.getAttribute('data-action') === 'propose')!.textContent).toContain('Hanna Kruse for Mira Albers');
  });
});
