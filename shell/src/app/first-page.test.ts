import { TEST_PINS } from '../testing/test-pins';
import { firstPageRoute } from './first-page';
import { siteRoutes } from './site-routes';

const routes = siteRoutes(TEST_PINS);

test('public pages are fetched ahead for anyone, those of public-content and the camera page without antd', () => {
  expect(firstPageRoute(routes, '/', false)).toMatchObject({
    source: { kind: 'remote', remote: 'public-content', exposed: 'Home' },
    withoutAntd: true,
  });
  const list = firstPageRoute(routes, '/newsList', false);
  expect(list).toMatchObject({ source: { kind: 'remote', remote: 'public-content', exposed: 'NewsList' } });
  expect(list?.withoutAntd).toBe(true);
  const camera = firstPageRoute(routes, '/faceCollection', false);
  expect(camera).toMatchObject({ source: { kind: 'remote', remote: 'study', exposed: 'FaceCollection' } });
  expect(camera?.withoutAntd).toBe(true);
});

test('a guarded page only for a logged-in visitor: the guard sends the others home', () => {
  expect(firstPageRoute(routes, '/myOrder', false)).toBeNull();
  expect(firstPageRoute(routes, '/myOrder', true)).toMatchObject({
    source: { kind: 'remote', remote: 'orders', exposed: 'MyOrder' },
  });
  expect(firstPageRoute(routes, '/myInfo', true)).toMatchObject({ source: { kind: 'shell' } });
});

test('an unknown path has nothing to fetch ahead', () => {
  expect(firstPageRoute(routes, '/no-such-page', true)).toBeNull();
});
