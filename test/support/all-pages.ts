import { TestApp } from './test-app';

/** Every result of a paginated list, following `next` from the first page. */
export async function allPages<T>(t: TestApp, auth: string, path: string): Promise<T[]> {
  const results: T[] = [];
  for (let page: string | null = path; page;) {
    const body = (await t.http().get(page).set('Authorization', auth).expect(200)).body as { results: T[]; next: string | null };
    results.push(...body.results);
    page = body.next && new URL(body.next).pathname + new URL(body.next).search;
  }
  return results;
}
