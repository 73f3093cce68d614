import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import { acceptQueueLength, queueLengthOf } from './accept-queue';

const SAMPLE = [
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
  '   0: 0100007F:8537 00000000:0000 0A 00000000:00000032 00:00000000 00000000     0        0 691258 51 000000007ab64a67 100 0 0 10 0',
  '   1: 0100007F:8537 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 691300 1 000000003c0f9c1a 20 4 30 10 -1',
  '   2: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 12345 1 0000000000000000 100 0 0 10 0',
].join('\n');

test('the accept queue of the listening socket with that inode, in hex; other sockets and states are not it', () => {
  assert.equal(queueLengthOf(SAMPLE, '691258'), 50);
  assert.equal(queueLengthOf(SAMPLE, '12345'), 0);
  // An established connection with that inode is not a listening socket.
  assert.equal(queueLengthOf(SAMPLE, '691300'), undefined);
  assert.equal(queueLengthOf(SAMPLE, '999'), undefined);
  assert.equal(queueLengthOf('', '691258'), undefined);
});

test('a server whose event loop is busy: the connections waiting for it are counted (Linux)', async (t) => {
  const server = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  if (acceptQueueLength(server) === undefined) {
    t.skip('no /proc/net/tcp on this system');
    return;
  }
  assert.equal(acceptQueueLength(server), 0);
  const { port } = server.address() as net.AddressInfo;
  const answered = Array.from(
    { length: 20 },
    () =>
      new Promise<number>((resolve) => {
        const request = http.request({ host: '127.0.0.1', port, agent: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', () => resolve(0));
        request.end();
      }),
  );
  // The clients' handshakes complete in the kernel while this thread is kept busy.
  await new Promise((resolve) => setImmediate(resolve));
  const busyUntil = Date.now() + 300;
  while (Date.now() < busyUntil);
  assert.ok((acceptQueueLength(server) ?? 0) >= 10, `${acceptQueueLength(server)} waiting`);
  assert.deepEqual(new Set(await Promise.all(answered)), new Set([200]));
  assert.equal(acceptQueueLength(server), 0);
});
