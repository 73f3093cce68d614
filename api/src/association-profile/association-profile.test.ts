import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { desc, eq } from 'drizzle-orm';
import type { AssociationIntroduction, AssociationProfile } from '@yaoshi/contracts/association-profile';
import { PROFILE_MESSAGES } from '@yaoshi/contracts/association-profile';
import type { SiteSettings } from '@yaoshi/contracts/content';
import { STAFF_ROLES, ROLE_PERMISSIONS } from '@yaoshi/contracts/staff-roles';
import { auditRecords } from '../audit/audit-schema';
import { DEV_OUTBOX_PATH } from '../sms/dev-outbox-routes';
import { ZHANG, assertRefused, authed, dataOf, envelopeOf } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** A second association: the product runs for it by its profile alone (issue 20). */
const ZHEJIANG: AssociationProfile = {
  name: '浙江省药师协会',
  short_name: '浙江药协',
  sms_signature: '浙江药协',
  introduction: [
    { title: '协会概况', html: '<p>浙江省药师协会是全省药师的专业组织。</p><script>alert(1)</script>' },
    { title: '组织机构', html: '<p>理事会、监事会和秘书处。</p>' },
  ],
  charter: '<h2>浙江省药师协会章程</h2><p onclick="x()">第一条　本会名称为浙江省药师协会。</p>',
  contact: {
    address: '杭州市西湖区文三路 1 号',
    postcode: '310012',
    supervision_phone: '0571-88880001',
    support_phones: ['0571-88880002', '0571-88880003'],
    longitude: 120.1551,
    latitude: 30.2741,
  },
  footer_lines: ['浙江省药师协会主办'],
  privacy_policy: '<h3>隐私政策</h3><p>浙江省药师协会保护您的个人信息。</p>',
  learner_agreement: '<h2>学员协议</h2><p>欢迎使用浙江省药师协会继续教育平台。</p>',
};

let server: TestServer;
let editor: TestStaff;

before(async () => {
  server = await startTestServer();
  editor = await signedInStaff(server, ['内容编辑']);
});
after(() => server.close());

const readProfile = (token: string) => authed(server, token, 'GET', '/v1/admin/association_profile');
const saveProfile = (token: string, payload: Record<string, unknown>) =>
  authed(server, token, 'POST', '/v1/admin/association_profile/save', payload);

test('a second association set by its profile: its name in /v1/site, the introduction, the agreement and SMS texts', async () => {
  const saved = dataOf(await saveProfile(editor.token, { ...ZHEJIANG })) as AssociationProfile;
  assert.equal(saved.name, '浙江省药师协会');
  assert.doesNotMatch(saved.introduction[0]!.html, /script/, 'stored sanitized');
  assert.doesNotMatch(saved.charter, /onclick/);
  assert.deepEqual(dataOf(await readProfile(editor.token)), saved);

  const site = dataOf(await server.call({ method: 'GET', path: '/v1/site' })) as SiteSettings;
  assert.equal(site.site_name, '浙江省药师协会');
  assert.equal(site.site_owner, '浙江省药师协会');
  assert.equal(site.site_short_name, '浙江药协');
  assert.equal(site.site_address, '杭州市西湖区文三路 1 号');
  assert.equal(site.site_support_phone1, '0571-88880002');
  assert.deepEqual(site.site_footer_lines, ['浙江省药师协会主办']);
  assert.deepEqual(site.site_map_point, { lng: 120.1551, lat: 30.2741 });

  const introduction = dataOf(
    await server.call({ method: 'GET', path: '/v1/association_introduction' }),
  ) as AssociationIntroduction;
  assert.equal(introduction.name, '浙江省药师协会');
  assert.deepEqual(
    introduction.introduction.map((chapter) => chapter.title),
    ['协会概况', '组织机构'],
  );
  assert.match(introduction.charter, /本会名称为浙江省药师协会/);

  const agreement = dataOf(await server.call({ method: 'GET', path: '/v1/public_agreement' })) as { agreement: string };
  assert.match(agreement.agreement, /欢迎使用浙江省药师协会继续教育平台/);
  assert.match(agreement.agreement, /浙江省药师协会保护您的个人信息/, 'the privacy policy follows the agreement');

  // An SMS code through the development outbox is signed with the new signature.
  assert.equal(dataOf(await server.call({ method: 'GET', path: '/v1/vcode', payload: { phone: ZHANG.phone } })), null);
  const box = await server.send(`${DEV_OUTBOX_PATH}?phone=${ZHANG.phone}`);
  const messages = (box.body as { messages: { text: string }[] }).messages;
  assert.match(messages[0]?.text ?? '', /^【浙江药协】/);

  // No text of the demo association is left anywhere the public reads.
  const everything = JSON.stringify([site, introduction, agreement]);
  assert.doesNotMatch(everything, /江苏/);
});

test('every change is audited with the profile before and after', async () => {
  const renamed = { ...ZHEJIANG, name: '浙江省执业药师协会' };
  dataOf(await saveProfile(editor.token, renamed));
  const [record] = await server.db
    .select()
    .from(auditRecords)
    .where(eq(auditRecords.action, 'association.profile-update'))
    .orderBy(desc(auditRecords.id))
    .limit(1);
  assert.ok(record);
  assert.equal(record.actor, editor.username);
  assert.equal(record.target, '浙江省执业药师协会');
  assert.equal((record.before as AssociationProfile).name, '浙江省药师协会');
  assert.equal((record.after as AssociationProfile).name, '浙江省执业药师协会');
});

test('junk is refused with a 4xx and a Chinese message, never a 5xx; nothing changes', async () => {
  const before = dataOf(await readProfile(editor.token));
  const junk: Record<string, unknown>[] = [
    { ...ZHEJIANG, name: '' },
    { ...ZHEJIANG, sms_signature: '【浙江】' },
    { ...ZHEJIANG, contact: { ...ZHEJIANG.contact, longitude: 500 } },
    { ...ZHEJIANG, contact: { ...ZHEJIANG.contact, postcode: 'abc' } },
    { ...ZHEJIANG, introduction: [{ title: '', html: '' }] },
    { ...ZHEJIANG, introduction: 'text' },
    { ...ZHEJIANG, footer_lines: [1, 2] },
    { ...ZHEJIANG, unknown: 1 },
    {},
  ];
  for (const payload of junk) {
    const response = await saveProfile(editor.token, payload);
    const code = envelopeOf(response).code;
    assert.ok(code >= 400 && code < 500, `${JSON.stringify(payload).slice(0, 80)} → ${code}`);
  }
  assertRefused(await saveProfile(editor.token, { ...ZHEJIANG, name: '' }), 400, PROFILE_MESSAGES.nameRequired);
  assert.deepEqual(dataOf(await readProfile(editor.token)), before);
});

test('staff without content.edit are refused; learners and visitors too', async () => {
  for (const role of STAFF_ROLES.filter((candidate) => !ROLE_PERMISSIONS[candidate].includes('content.edit'))) {
    const other = await signedInStaff(server, [role]);
    assert.equal(envelopeOf(await readProfile(other.token)).code, 403, role);
    assert.equal(envelopeOf(await saveProfile(other.token, { ...ZHEJIANG })).code, 403, role);
  }
  const visitor = await server.call({ method: 'GET', path: '/v1/admin/association_profile' });
  assert.equal(envelopeOf(visitor).code, 401);
});

test('a fresh production database names no association until its operator saves the profile', async () => {
  const fresh = await startTestServer({ seed: false });
  try {
    const operator = await signedInStaff(fresh, ['内容编辑'], 'operator');
    const empty = dataOf(
      await authed(fresh, operator.token, 'GET', '/v1/admin/association_profile'),
    ) as AssociationProfile;
    assert.equal(empty.name, '');
    assert.deepEqual(empty.introduction, []);
    assert.deepEqual(dataOf(await fresh.call({ method: 'GET', path: '/v1/association_introduction' })), {
      name: '',
      introduction: [],
      charter: '',
    });
    assert.equal(envelopeOf(await fresh.call({ method: 'GET', path: '/v1/site' })).code, 404);

    dataOf(await authed(fresh, operator.token, 'POST', '/v1/admin/association_profile/save', { ...ZHEJIANG }));
    const site = dataOf(await fresh.call({ method: 'GET', path: '/v1/site' })) as SiteSettings;
    assert.equal(site.site_name, '浙江省药师协会');
    const agreement = dataOf(await fresh.call({ method: 'GET', path: '/v1/public_agreement' })) as {
      agreement: string;
    };
    assert.match(agreement.agreement, /浙江省药师协会继续教育平台/);
  } finally {
    await fresh.close();
  }
});
