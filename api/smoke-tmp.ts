import { startTestServer } from './src/test-support/test-server';
import http from 'node:http';
const s = await startTestServer();
for (const u of ['/v1/%E0%A4%A', '/v1/site?data=%E0%A4%A', '/media/%E0%A4%A', '/media/..%2f..%2fpackage.json', '/v1']) {
  const r = await s.send(u); console.log(u, r.status, r.body);
}
// chunked oversized
const big = Buffer.alloc(5 * 1024 * 1024, 'a');
await new Promise<void>((resolve) => {
  const req = http.request(s.baseUrl + '/v1/test', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' } }, (res) => {
    let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => { console.log('chunked', res.statusCode, b); resolve(); });
  });
  req.on('error', (e) => { console.log('err', e.message); resolve(); });
  req.write(big.subarray(0, 1024*1024)); req.write(big.subarray(1024*1024)); req.end();
});
await s.close();
