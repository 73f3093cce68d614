import { PinsError, fetchPins, parsePins, takeEarlyPinsRequest } from './pins';

const goodPins = {
  'public-content': {
    version: '0.1.0',
    federationName: 'public_content',
    entry: '/remotes/public-content/0.1.0/mf-manifest.json',
  },
  enrolment: { version: '0.1.0', federationName: 'enrolment', entry: '/remotes/enrolment/0.1.0/mf-manifest.json' },
  study: { version: '0.2.0', federationName: 'study', entry: 'http://localhost:8083/mf-manifest.json' },
  orders: { version: '0.1.0', federationName: 'orders', entry: '/remotes/orders/0.1.0/mf-manifest.json' },
};

function problemsOf(document: unknown): string[] {
  try {
    parsePins(document);
  } catch (error) {
    if (error instanceof PinsError) return error.problems;
    throw error;
  }
  throw new Error('expected the pins to be refused');
}

test('a complete pins document is accepted as it is', () => {
  expect(parsePins(goodPins)).toEqual(goodPins);
});

test('unknown remotes are ignored (published ahead of the shell that uses them)', () => {
  expect(parsePins({ ...goodPins, certificates: { version: '1.0.0' } })).toEqual(goodPins);
});

test('bad pins are refused with every problem named', () => {
  const { study: _study, ...withoutStudy } = goodPins;
  expect(
    problemsOf({ ...withoutStudy, orders: { ...goodPins.orders, federationName: 'order_list', version: '' } }),
  ).toEqual([
    '"study" is missing',
    '"orders.version" must be a non-empty string',
    '"orders.federationName" is "order_list", the shell expects "orders"',
  ]);
  expect(
    problemsOf({ ...goodPins, enrolment: { ...goodPins.enrolment, entry: 'remotes/enrolment/0.1.0/remoteEntry.js' } }),
  ).toEqual(['"enrolment.entry" must start with "/" or http(s)://']);
  expect(
    problemsOf({ ...goodPins, enrolment: { ...goodPins.enrolment, entry: '/remotes/enrolment/0.1.0/remoteEntry.js' } }),
  ).toEqual(['"enrolment.entry" must point at an mf-manifest.json']);
  expect(problemsOf([goodPins])).toEqual(['the document must be a JSON object keyed by remote name']);
  expect(problemsOf({ ...goodPins, study: 'latest' })).toEqual(['"study" must be an object']);
});

describe('fetchPins', () => {
  const answering = (response: Response | Error) =>
    jest.fn<Promise<Response>, Parameters<typeof fetch>>(async () => {
      if (response instanceof Error) throw response;
      return response;
    });

  test('asks for /remotes.json past every cache', async () => {
    const fetchImpl = answering(new Response(JSON.stringify(goodPins), { status: 200 }));
    await expect(fetchPins(fetchImpl)).resolves.toEqual(goodPins);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
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
    await expect(fetchPins(answering(new Response('{}', { status: 200 })))).rejects.toBeInstanceOf(PinsError);
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
  expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
});
