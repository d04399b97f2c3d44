// Renders the real route tree at a URL with English texts bundled and fetch answered by a test handler.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { TUserDetails } from '@quayline/domain';
import { DEFAULT_CANVAS_SETTINGS, DEFAULT_PORTCALL_CARD_FIELDS, DEFAULT_SHIFT_PLANNER_SETTINGS, DEFAULT_DASHBOARD_SETTINGS } from '@quayline/domain';
import { AppProvider } from '@/app/provider';
import { preloadScreens, routes } from '@/app/router';
import { createI18n, type TTranslationTree } from '@/lib/i18n';
import en from '../../../server/src/modules/translations/locales/en.json';

// Screens load on demand in the app; tests load them once here, outside any test's time limit.
await preloadScreens();

export type TRecordedCall = { method: string; url: string; path: string; search: URLSearchParams; body: unknown; headers: Record<string, string> };
export type TFakeResponse = { status?: number; body: unknown };
export type THandler = (call: TRecordedCall) => TFakeResponse | undefined;

export const success = (payload: unknown): TFakeResponse => ({ status: 200, body: { status: { status: 'SUCCESS' }, payload } });
export const failure = (status: number, code: string, message = code): TFakeResponse => ({
  status,
  body: { status: { status: code, message }, payload: { error_code: code } },
});

export const TEST_USER: TUserDetails = {
  id: 7,
  email: 'ada@harbour.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  user_type: 'terminal_operator',
  selected_locale: 'en',
  organisation_id: null,
  organisation_name: 'North Quay Terminal',
  daily_tasks_email: true,
  enable_email_notification: true,
  mail_settings: { receive_time: '07:30', timezone: 'Europe/Berlin' },
  portcall_card_settings: [...DEFAULT_PORTCALL_CARD_FIELDS],
  canvas_settings: DEFAULT_CANVAS_SETTINGS,
  shift_planner_settings: DEFAULT_SHIFT_PLANNER_SETTINGS,
  shift_planner_shift_card_settings: DEFAULT_SHIFT_PLANNER_SETTINGS.shift_planner_shift_card_settings,
  shift_planner_portcall_settings: DEFAULT_SHIFT_PLANNER_SETTINGS.shift_planner_portcall_settings,
  shift_planner_header_settings: DEFAULT_SHIFT_PLANNER_SETTINGS.shift_planner_header_settings,
  ...DEFAULT_DASHBOARD_SETTINGS,
  acting_as: null,
  proxy: null,
};

/** Signed in as TEST_USER unless the handler answers /user_details itself. */
export const signedIn: THandler = (call) => (call.path === '/api/portal/v1/user_details' ? success(TEST_USER) : undefined);
export const signedOut: THandler = (call) => (call.path === '/api/portal/v1/user_details' ? failure(401, 'UNAUTHORIZED') : undefined);

export function renderApp(url: string, ...handlers: THandler[]) {
  const calls: TRecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(href, 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    const call: TRecordedCall = {
      method: init?.method ?? 'GET',
      url: href,
      path: parsed.pathname,
      search: parsed.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      headers,
    };
    calls.push(call);
    for (const handler of handlers) {
      const answer = handler(call);
      if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify(failure(404, 'NOT_FOUND').body), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);

  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const i18n = createI18n({ locale: 'en', translation: en as TTranslationTree });
  const view = render(
    <AppProvider queryClient={queryClient} i18n={i18n} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const apiCalls = () => calls.filter((c) => c.path !== '/api/portal/v1/user_details' && !c.path.startsWith('/api/portal/v1/translations/'));
  return { ...view, router, calls, apiCalls, queryClient, i18n };
}
