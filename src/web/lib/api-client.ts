/** What a refusal says of one field of the request's body: its path ('username') and message. */
export interface ApiIssue {
  path: string;
  message: string;
}

/**
 * A failed call: `message` follows SPEC §8.1 ("{status}: {server message}"). A change refused
 * because the record changed since it was read (412) carries the record's `version` now. A
 * refusal that names the fields it concerns (the error body's `issues`) keeps them, so a form
 * can show each message on its field (`showRefusalOnFields`, lib/field-refusal.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly version?: string,
    readonly issues: readonly ApiIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A request that got no answer (offline, the connection dropped): said in words. */
export const NETWORK_ERROR = 'Network error: the server could not be reached. Try again.';

/** What a successful call without a JSON body resolves to. */
export const SUCCESS = { success: true } as const;

const isIssue = (value: unknown): value is ApiIssue =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  typeof value.path === 'string' &&
  'message' in value &&
  typeof value.message === 'string';

/** The error body's `issues` that are issues: a path and a message each. */
const issuesOf = (body: object): ApiIssue[] =>
  'issues' in body && Array.isArray(body.issues)
    ? body.issues.filter(isIssue).map(({ path, message }) => ({ path, message }))
    : [];

async function failureOf(response: Response): Promise<{ message: string; issues: ApiIssue[] }> {
  const text = await response.text();
  let detail = text || response.statusText;
  let issues: ApiIssue[] = [];
  if (text && response.headers.get('content-type')?.includes('application/json')) {
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === 'object' && 'message' in body) {
        detail = String(body.message);
        issues = issuesOf(body);
      }
    } catch {
      // Not valid JSON after all: keep the text.
    }
  }
  return { message: `${response.status}: ${detail}`, issues };
}

/** The version an ETag names (`"2026-03-01T09:30:00.000Z"`), unquoted. */
const versionOf = (response: Response) =>
  /^"([^"]+)"$/.exec(response.headers.get('etag') ?? '')?.[1];

/**
 * Sends a request. `etag`: the validator of the page last read (If-None-Match), so that a 304
 * answers an unchanged list; `version`: the version of the record a change is made to
 * (If-Match), so that the change is refused (412) if someone else has changed it since.
 */
async function send(
  method: string,
  url: string,
  data?: unknown,
  { etag, version }: { etag?: string | undefined; version?: string | undefined } = {},
): Promise<Response> {
  const hasBody = data !== undefined && method !== 'GET';
  const response = await fetch(url, {
    method,
    credentials: 'include',
    cache: 'no-store',
    headers: {
      Accept: 'application/json',
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...(etag ? { 'If-None-Match': etag } : {}),
      ...(version ? { 'If-Match': `"${version}"` } : {}),
    },
    body: hasBody ? JSON.stringify(data) : undefined,
  }).catch((error: unknown) => {
    // fetch fails with a TypeError only when no answer came: the connection, not the server.
    throw error instanceof TypeError ? new ApiError(0, NETWORK_ERROR) : error;
  });
  const notModified = etag !== undefined && response.status === 304;
  if (!response.ok && !notModified) {
    const { message, issues } = await failureOf(response);
    throw new ApiError(response.status, message, versionOf(response), issues);
  }
  return response;
}

async function request<T>(
  method: string,
  url: string,
  data?: unknown,
  version?: string,
): Promise<T> {
  const response = await send(method, url, data, { version });
  if (response.headers.get('content-type')?.includes('application/json')) {
    return (await response.json()) as T;
  }
  return SUCCESS as T;
}

/** One page of a list and the total the server counted (ARCHITECTURE §3, X-Total-Count). */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * The last page read from each list URL, with its validator. Asking again sends the validator
 * (`If-None-Match`); a 304 means nothing changed and the same page object is returned, so
 * polling an unchanged list transfers and re-renders nothing. Kept in memory only.
 */
const knownPages = new Map<string, { etag: string; page: Page<unknown> }>();
const KNOWN_PAGES_KEPT = 50;

/** Forgets the remembered pages (on signing out). */
export function forgetKnownPages() {
  knownPages.clear();
}

async function getPage<T>(url: string): Promise<Page<T>> {
  const known = knownPages.get(url);
  const response = await send('GET', url, undefined, { etag: known?.etag });
  if (known && response.status === 304) return known.page as Page<T>;
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get('x-total-count') ?? items.length);
  const page = { items, total };
  const etag = response.headers.get('etag');
  knownPages.delete(url);
  if (etag) {
    knownPages.set(url, { etag, page });
    const oldest = knownPages.keys().next().value;
    if (knownPages.size > KNOWN_PAGES_KEPT && oldest !== undefined) knownPages.delete(oldest);
  }
  return page;
}

/** `url?key=value…`, leaving out empty values. */
export function withQuery(url: string, params: Record<string, string | number | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

/** The record at `url`, or null when there is none (404) or its id is not one (400). */
async function getOrNull<T>(url: string): Promise<T | null> {
  try {
    return await request<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const api = {
  getPage,
  get: <T>(url: string) => request<T>('GET', url),
  getOrNull,
  post: <T>(url: string, data?: unknown) => request<T>('POST', url, data),
  /** A change; given the `version` the record was read at, made only if it is still that one. */
  patch: <T>(url: string, data?: unknown, version?: string) =>
    request<T>('PATCH', url, data, version),
  /** A deletion; given the `version` the record was read at, made only if it is still that one. */
  delete: <T>(url: string, version?: string) => request<T>('DELETE', url, undefined, version),
};

/** The message to show for a failed call, whatever was thrown. */
export const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : String(error);
