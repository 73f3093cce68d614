import { takeServerCountedView } from './server-counted-view';

describe('takeServerCountedView', () => {
  it("says once that the page's beacon counted this article, then forgets it", () => {
    const host: { __yaoshiViewCounted?: unknown } = { __yaoshiViewCounted: 7 };
    expect(takeServerCountedView(8, host)).toBe(false);
    expect(host.__yaoshiViewCounted).toBe(7);
    expect(takeServerCountedView(7, host)).toBe(true);
    expect(takeServerCountedView(7, host)).toBe(false);
    expect('__yaoshiViewCounted' in host).toBe(false);
  });

  it('is false on a page the server did not render (no beacon, the browser counts)', () => {
    expect(takeServerCountedView(7, {})).toBe(false);
    expect(takeServerCountedView(7, { __yaoshiViewCounted: '7' })).toBe(false);
  });
});
