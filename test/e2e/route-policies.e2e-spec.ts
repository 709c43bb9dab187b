import { collectRoutePolicies } from '../support/route-policies';
import { createTestApp, TestApp } from '../support/test-app';

describe('route access policies', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('has a declared policy on every route', () => {
    const missing = collectRoutePolicies(t.app).filter((route) => !route.policy).map((route) => route.route);
    expect(missing).toEqual([]);
  });

  it('matches the reviewed list of route policies', () => {
    // A change here is a permission change: review it like one.
    const table = collectRoutePolicies(t.app).map(({ route, policy }) => `${route} → ${JSON.stringify(policy)}`);
    expect(table).toMatchSnapshot();
  });
});
