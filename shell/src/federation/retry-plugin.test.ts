import { fetchWithRetry } from './retry-plugin';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

function fetchAnswering(...answers: (Response | Error)[]) {
  const calls: RequestInit[] = [];
  global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init ?? {});
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
    return answer;
  }) as typeof fetch;
  return calls;
}

test('a network failure is retried, and a later success is returned', async () => {
  const calls = fetchAnswering(
    new TypeError('Failed to fetch'),
    new Response('{}', { status: 503 }),
    new Response('{"ok":1}'),
  );
  const response = await fetchWithRetry('/remotes/study/0.1.0/mf-manifest.json', {}, [0, 0]);
  await expect(response.json()).resolves.toEqual({ ok: 1 });
  expect(calls).toHaveLength(3);
  expect(calls.every((init) => init.cache === 'no-cache')).toBe(true);
});

test('a 404 is not retried and becomes an error', async () => {
  const calls = fetchAnswering(new Response('{"error":"missing"}', { status: 404 }));
  await expect(fetchWithRetry('/remotes/study/9.9.9/mf-manifest.json', {}, [0, 0])).rejects.toThrow('HTTP 404');
  expect(calls).toHaveLength(1);
});

test('after the last retry the network error is passed on', async () => {
  const calls = fetchAnswering(new TypeError('Failed to fetch'));
  await expect(fetchWithRetry('/x/mf-manifest.json', {}, [0, 0])).rejects.toThrow('Failed to fetch');
  expect(calls).toHaveLength(3);
});
