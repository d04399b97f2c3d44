// Business constants of spec section 9 and the sign-in policy of the foundation issue.
export const SESSION_TTL_SECONDS = 604_800;
export const COOKIE_USER_TOKEN = 'userToken';
export const COOKIE_PROXY_TOKEN = 'userProxyToken';
/** Spec section 9: the session token again, HttpOnly (the secret never reaches scripts). */
export const COOKIE_USER_SESSION = 'userSession';
/** Spec section 9: a readable summary of the session (no secret): URL-encoded JSON of TPortalUserSession. */
export const COOKIE_PORTAL_USER_SESSION = 'portalUserSession';
/** Spec section 9: the key of the current terminal inside the portalUserSession cookie. */
export const CURRENT_TERMINAL_KEY = 'currentTerminal';
/** Acting for a colleague is short on purpose (borrowed rights end with the errand); the proxy cookie lives exactly as long. */
export const PROXY_SESSION_TTL_MINUTES = 30;
export const HEADER_TOKEN = 'x-portal-token';
export const HEADER_PROXY_TOKEN = 'x-portal-proxy-token';
export const DEFAULT_TIMEZONE = 'Europe/Berlin';
export const POPUP_AUTO_CLOSE_MS = 6000;
export const TEXT_INPUT_MAX_LENGTH = 255;
/**
 * Request bounds (docs/security.md "Bounded requests"): a list a person picks from (settings, filters, ids) holds at
 * most this many items; longer lists name their own bound where the product needs more (DCSA timestamps).
 */
export const LIST_INPUT_MAX_ITEMS = 100;
/** An error answer lists at most this many problems and counts the rest, so a huge bad request gets a small answer. */
export const MAX_LISTED_ERRORS = 20;
export const MOBILE_BREAKPOINT_PX = 768;
export const LOGIN_CARD_MAX_WIDTH_PX = 500;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const RESET_CODE_TTL_MS = 30 * 60_000;
export const PAGE_SIZE_DEFAULT = 10;
export const API_PREFIX = '/api/portal/v1';
