import { NotFoundError } from '../errors/domain-error';

/** The paginated envelope every list endpoint returns. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface PageLimits {
  /** Overrides the configured PAGE_SIZE default (unit lists use 100). */
  defaultSize?: number;
  maxSize: number;
}

export const LIST_LIMITS: PageLimits = { maxSize: 1000 };
export const UNIT_LIST_LIMITS: PageLimits = { defaultSize: 100, maxSize: 10000 };

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
  /** The absolute URL of the request; next/previous keep its other query parameters. */
  url: URL;
}

export class InvalidPageError extends NotFoundError {
  constructor() {
    super('Invalid page.');
  }
}

/**
 * Reads `page` and `page_size` the way Weblate's page-number pagination does: a page that is not a positive
 * integer is 404 "Invalid page."; a bad page size falls back to the default and a too large one is clamped.
 */
export function parsePageRequest(url: URL, limits: PageLimits, configuredDefault: number): PageRequest {
  const rawPage = url.searchParams.get('page');
  let page = 1;
  if (rawPage !== null && rawPage !== 'last') {
    if (!/^\d+$/.test(rawPage) || Number(rawPage) < 1) throw new InvalidPageError();
    page = Number(rawPage);
  }
  const defaultSize = Math.min(limits.defaultSize ?? configuredDefault, limits.maxSize);
  const rawSize = url.searchParams.get('page_size');
  let pageSize = defaultSize;
  if (rawSize !== null && /^\d+$/.test(rawSize) && Number(rawSize) > 0) pageSize = Math.min(Number(rawSize), limits.maxSize);
  return { page, pageSize, offset: (page - 1) * pageSize, url };
}

/** `page=last` needs the count first; resolves it before the rows are fetched. */
export function resolveLastPage(request: PageRequest, count: number): PageRequest {
  if (request.url.searchParams.get('page') !== 'last') return request;
  const page = Math.max(1, Math.ceil(count / request.pageSize));
  return { ...request, page, offset: (page - 1) * request.pageSize };
}

/**
 * One page of a list whose size is known: resolves `page=last`, fetches that page's rows (already presented) and
 * builds the envelope.
 */
export async function paginate<T>(request: PageRequest, count: number, fetch: (offset: number, limit: number) => Promise<T[]>): Promise<Page<T>> {
  const page = resolveLastPage(request, count);
  return buildPage(page, count, await fetch(page.offset, page.pageSize));
}

export function buildPage<T>(request: PageRequest, count: number, results: T[]): Page<T> {
  if (request.page > 1 && request.offset >= count) throw new InvalidPageError();
  return {
    count,
    next: request.offset + request.pageSize < count ? pageUrl(request.url, request.page + 1) : null,
    previous: request.page > 1 ? pageUrl(request.url, request.page - 1) : null,
    results,
  };
}

function pageUrl(current: URL, page: number): string {
  const url = new URL(current);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}
