import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, statusText = 'OK') => new Response(JSON.stringify(body), { status, statusText });

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('returns the payload of a SUCCESS envelope and sends GET payloads as query string', async () => {
    const fetchMock = stubFetch(json({ status: { status: 'SUCCESS' }, payload: { ok: 1 } }));
    await expect(apiRequest('/things', { payload: { page: 2, q: 'a b', skip: undefined } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/portal/v1/things?page=2&q=a+b');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('sends token headers and a JSON body for other methods', async () => {
    window.localStorage.setItem('quayline.token', 'tok');
    window.localStorage.setItem('quayline.proxyToken', 'proxy');
    const fetchMock = stubFetch(json({ status: { status: 'SUCCESS' }, payload: null }));
    await apiRequest('/login', { method: 'POST', payload: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers['X-PORTAL-TOKEN']).toBe('tok');
    expect(headers['X-PORTAL-PROXY-TOKEN']).toBe('proxy');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends an empty body without Content-Type and puts query parameters on the URL', async () => {
    const fetchMock = stubFetch(json({ status: { status: 'SUCCESS' }, payload: {} }));
    await apiRequest('/update_email_notification_setting', { method: 'PUT', query: { enable: 'true', receive_time: '07:30', timezone: 'Europe/Berlin' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/portal/v1/update_email_notification_setting?enable=true&receive_time=07%3A30&timezone=Europe%2FBerlin');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('raises the error code of an error envelope with its field errors', async () => {
    stubFetch(json({ status: { status: 'VALIDATION_FAILED', message: 'bad' }, payload: { error_code: 'VALIDATION_FAILED', errors: [{ path: 'email', message: 'Required' }] } }, 400));
    const error = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.httpStatus).toBe(400);
    expect(error.fieldErrors).toEqual([{ path: 'email', message: 'Required' }]);
  });

  it("raises 'Error: {status} {statusText}' for a non-OK answer that is not an envelope", async () => {
    stubFetch(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiRequest('/x')).rejects.toThrow('Error: 502 Bad Gateway');
  });

  it("raises 'Network request failed' when no answer arrives", async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Network request failed');
    expect(error.code).toBe('NETWORK');
  });
});
