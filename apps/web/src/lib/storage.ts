// Browser-held session bits: the session token (mirrors the HttpOnly cookie for header auth), the proxy token and the last locale.
import { isLocale, type TLocale } from '@quayline/domain';

const TOKEN_KEY = 'quayline.token';
const PROXY_TOKEN_KEY = 'quayline.proxyToken';
const LOCALE_KEY = 'quayline.locale';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the cookie still carries the session.
  }
}

export const getToken = (): string | null => read(TOKEN_KEY);
export const setToken = (token: string | null): void => write(TOKEN_KEY, token);
export const getProxyToken = (): string | null => read(PROXY_TOKEN_KEY);
export const setProxyToken = (token: string | null): void => write(PROXY_TOKEN_KEY, token);

export function getStoredLocale(): TLocale | null {
  const value = read(LOCALE_KEY);
  return isLocale(value) ? value : null;
}

export const setStoredLocale = (locale: TLocale): void => write(LOCALE_KEY, locale);

export function clearSession(): void {
  write(TOKEN_KEY, null);
  write(PROXY_TOKEN_KEY, null);
}
