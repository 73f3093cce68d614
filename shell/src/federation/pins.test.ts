import { TEST_PINS } from '../testing/test-pins';
import { PinsError, fetchPins, parsePins, pinnedRoutes, pinsRequestInit, takeEarlyPinsRequest } from './pins';

const goodPins = TEST_PINS;

function parsed(document: unknown): { pins: ReturnType<typeof parsePins>; problems: string[] } {
  const problems: string[] = [];
  const pins = parsePins(document, (found) => problems.push(...found));
  return { pins, problems };
}

test('a complete pins document is accepted as it is', () => {
  expect(parsed(goodPins)).toEqual({ pins: goodPins, problems: [] });
});

test('a remote the shell has never heard of is taken in: the set of remotes is data', () => {
  const certificates = {
    version: '1.0.0',
    federationName: 'certificates',
    section: '证书',
    entry: '/remotes/certificates/1.0.0/mf-manifest.json',
    routes: [],
  };
  expect(parsed({ ...goodPins, certificates }).pins.certificates).toEqual(certificates);
});

test('an unusable remote is left out with every problem named; the others stay', () => {
  const { pins, problems } = parsed({
    ...goodPins,
    orders: { ...goodPins.orders, version: '' },
    enrolment: { ...goodPins.enrolment, entry: 'remotes/enrolment/0.1.0/remoteEntry.js' },
    study: {
      ...goodPins.study,
      entry: '/remotes/study/0.1.0/remoteEntry.js',
      routes: [{ path: 'exam', area: 'frame', exposed: '', loginRequired: 'yes' }],
    },
    'public-content': 'latest',
  });
  expect(Object.keys(pins)).toEqual([]);
  expect(problems).toEqual([
    '"public-content" must be an object',
    '"enrolment.entry" must start with "/" or http(s)://',
    '"study.entry" must point at an mf-manifest.json',
    '"study.routes[0].path" must be a path starting with "/"',
    '"study.routes[0].area" must be one of public, student, console',
    '"study.routes[0].exposed" must be a non-empty string',
    '"study.routes[0].loginRequired" must be true or false',
    '"orders.version" must be a non-empty string',
  ]);
  expect(() => parsePins([goodPins])).toThrow('the document must be a JSON object keyed by remote name');
});

test('pinnedRoutes lists every route with its remote and section', () => {
  expect(pinnedRoutes(goodPins).find((entry) => entry.route.path === '/myOrder')).toMatchObject({
    remote: 'orders',
    section: '订单管理',
  });
});

describe('fetchPins', () => {
  const answering = (response: Response | Error) =>
    jest.fn<Promise<Response>, Parameters<typeof fetch>>(async () => {
      if (response instanceof Error) throw response;
      return response;
    });

  test('asks for /remotes.json with the visitor’s cookies (canary share, QA override)', async () => {
    const fetchImpl = answering(new Response(JSON.stringify(goodPins), { status: 200 }));
    await expect(fetchPins(fetchImpl)).resolves.toEqual(goodPins);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { credentials: 'same-origin', cache: 'no-store' });
  });

  test('a missing, broken or unreachable document is a PinsError saying why', async () => {
    await expect(fetchPins(answering(new Response('nope', { status: 404 })))).rejects.toThrow(
      '/remotes.json answered HTTP 404',
    );
    await expect(fetchPins(answering(new Response('{"study":', { status: 200 })))).rejects.toThrow(
      '/remotes.json is not valid JSON',
    );
    await expect(fetchPins(answering(new TypeError('Failed to fetch')))).rejects.toThrow(
      '/remotes.json could not be fetched (Failed to fetch)',
    );
    await expect(fetchPins(answering(new Response('[]', { status: 200 })))).rejects.toBeInstanceOf(PinsError);
  });
});

test('the request index.html started is used once; a later fetch (a retry) asks the server again', async () => {
  const host: { __yaoshiPins?: Promise<Response> } = {
    __yaoshiPins: Promise.resolve(new Response(JSON.stringify(goodPins))),
  };
  const fetchImpl = jest.fn(async () => new Response(JSON.stringify(goodPins)));
  await expect(fetchPins(fetchImpl, takeEarlyPinsRequest(host))).resolves.toEqual(goodPins);
  expect(fetchImpl).not.toHaveBeenCalled();
  await expect(fetchPins(fetchImpl, takeEarlyPinsRequest(host))).resolves.toEqual(goodPins);
  expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { credentials: 'same-origin', cache: 'no-store' });
});

test('a logged-in learner’s token goes with the request, so a canary share follows the learner', () => {
  expect(pinsRequestInit('abc')).toEqual({
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { authorization: 'Bearer abc' },
  });
  expect(pinsRequestInit(null)).toEqual({ credentials: 'same-origin', cache: 'no-store' });
});
