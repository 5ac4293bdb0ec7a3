/** A failed call: `message` follows SPEC §8.1 ("{status}: {server message}"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a successful call without a JSON body resolves to. */
export const SUCCESS = { success: true } as const;

async function failureMessage(response: Response): Promise<string> {
  const text = await response.text();
  let detail = text || response.statusText;
  if (text && response.headers.get('content-type')?.includes('application/json')) {
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === 'object' && 'message' in body) detail = String(body.message);
    } catch {
      // Not valid JSON after all: keep the text.
    }
  }
  return `${response.status}: ${detail}`;
}

async function send(method: string, url: string, data?: unknown, etag?: string): Promise<Response> {
  const hasBody = data !== undefined && method !== 'GET';
  const response = await fetch(url, {
    method,
    credentials: 'include',
    cache: 'no-store',
    headers: {
      Accept: 'application/json',
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...(etag ? { 'If-None-Match': etag } : {}),
    },
    body: hasBody ? JSON.stringify(data) : undefined,
  });
  const notModified = etag !== undefined && response.status === 304;
  if (!response.ok && !notModified) {
    throw new ApiError(response.status, await failureMessage(response));
  }
  return response;
}

async function request<T>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await send(method, url, data);
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
  const response = await send('GET', url, undefined, known?.etag);
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
  patch: <T>(url: string, data?: unknown) => request<T>('PATCH', url, data),
  delete: <T>(url: string) => request<T>('DELETE', url),
};

/** The message to show for a failed call, whatever was thrown. */
export const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : String(error);
