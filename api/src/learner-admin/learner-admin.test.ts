import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { learnerListResponseSchema, type LearnerListResponse } from '@yaoshi/contracts/admin';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { LI, WANG, ZHANG, authed, dataOf } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';

let server: TestServer;
let registrar: TestStaff;

before(async () => {
  server = await startTestServer();
  registrar = await signedInStaff(server, ['学员管理']);
});
after(() => server.close());

async function list(payload: Record<string, unknown>): Promise<LearnerListResponse> {
  return learnerListResponseSchema.parse(dataOf(await authed(server, registrar.token, 'GET', '/v1/admin/learners', payload)));
}

test('GET /v1/admin/learners pages in the database and counts the whole match', async () => {
  const all = await list({ page: 1, size: 100 });
  assert.ok(all.total >= 3);
  const first = await list({ page: 1, size: 2 });
  const second = await list({ page: 2, size: 2 });
  assert.equal(first.total, all.total);
  assert.equal(first.list.length, 2);
  assert.deepEqual(
    [...first.list, ...second.list].map((row) => row.id),
    all.list.slice(0, first.list.length + second.list.length).map((row) => row.id),
  );
});

test('keyword finds by name, ID number or phone; filters narrow; sorting orders', async () => {
  assert.deepEqual(
    (await list({ keyword: ZHANG.name })).list.map((row) => row.id_number),
    [ZHANG.idNumber],
  );
  assert.deepEqual(
    (await list({ keyword: LI.phone.slice(-6) })).list.map((row) => row.name),
    [LI.name],
  );
  assert.deepEqual(
    (await list({ id_number: WANG.idNumber })).list.map((row) => row.name),
    [WANG.name],
  );
  const nanjing = await list({ company: '南京' });
  assert.ok(nanjing.list.length >= 1 && nanjing.list.every((row) => row.company.includes('南京')));
  const jiangsu = await list({ region: '320000' });
  assert.ok(jiangsu.list.every((row) => row.region.startsWith('江苏')));
  assert.equal((await list({ locked: true })).total, 0);
  assert.equal((await list({ keyword: '%' })).total, 0, 'a % typed is literal');
  const byName = (await list({ sort: 'id_number', order: 'asc', size: 100 })).list.map((row) => row.id_number);
  assert.deepEqual(byName, [...byName].sort());
});

test('bad filters are a 400 and change nothing', async () => {
  const response = await authed(server, registrar.token, 'GET', '/v1/admin/learners', { size: 1000 });
  assert.equal(response.status, 400);
  const bad = await authed(server, registrar.token, 'GET', '/v1/admin/learners', { sort: 'password_hash' });
  assert.equal(bad.status, 400);
});
