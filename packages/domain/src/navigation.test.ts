import { describe, expect, it } from 'vitest';
import { APP_ROUTES, buildBreadcrumbs, findRoute } from './navigation';

describe('breadcrumbs', () => {
  it('has one crumb per path prefix that has a heading', () => {
    expect(buildBreadcrumbs('/voyage-center/voyage-templates/add')).toEqual([
      { path: '/voyage-center', headingKey: 'navigation.voyage_center' },
      { path: '/voyage-center/voyage-templates', headingKey: 'navigation.voyage_templates' },
      { path: '/voyage-center/voyage-templates/add', headingKey: 'navigation.create_template' },
    ]);
  });
  it('skips prefixes without a heading', () => {
    expect(buildBreadcrumbs('/portcall-planner/portcall/edit').map((c) => c.path)).toEqual(['/portcall-planner', '/portcall-planner/portcall/edit']);
  });
  it('is empty for unknown paths', () => expect(buildBreadcrumbs('/nowhere')).toEqual([]));
});

describe('routes', () => {
  it('covers every route of spec section 2 with a unique view id', () => {
    for (const path of ['/dashboard', '/portcall-planner', '/portcall-planner/details', '/portcall-planner/portcall/add', '/portcall-planner/portcall/edit', '/berth-planner', '/shift-planner', '/user-settings', '/voyage-center', '/voyage-center/voyages', '/voyage-center/voyages/edit', '/voyage-center/voyage-templates', '/voyage-center/voyage-templates/add', '/voyage-center/voyage-templates/edit', '/map']) {
      expect(findRoute(path), path).toBeDefined();
    }
    expect(new Set(APP_ROUTES.map((r) => r.view)).size).toBe(APP_ROUTES.length);
  });
});
