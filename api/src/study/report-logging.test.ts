import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { LessonDetail } from '@yaoshi/contracts/study';
import { courses } from '../catalogue/catalogue-schema';
import { startTestServer } from '../test-support/test-server';
import { WANG, authed, dataOf, loginToken } from '../test-support/learner-session';

test('at the info level, progress reports leave no request lines; other calls still do', async () => {
  const lines: { msg?: string; req?: { url?: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  const server = await startTestServer({ logger: { level: 'info', stream } });
  try {
    const token = await loginToken(server, WANG.phone, WANG.password);
    const [course] = await server.db
      .select()
      .from(courses)
      .where(
        and(eq(courses.name, '处方审核规范与常见不合理处方分析'), eq(courses.year, server.clock.now().getFullYear())),
      );
    assert.ok(course);
    const lesson = dataOf(
      await authed(server, token, 'GET', '/v1/webcourse_detail', { cid: course.id, formal: 1 }),
    ) as LessonDetail;
    server.clock.advance(10_000);
    const payload = { cid: course.id, record_id: lesson.record_id, vlength: 90, start_time: 0, state: 1 };
    dataOf(await authed(server, token, 'POST', '/v1/records', { ...payload, pos: lesson.progress.learn_time + 10 }));
    // A refused report (backwards) is not logged either: it is in the audit trail.
    server.clock.advance(10_000);
    assert.equal((await authed(server, token, 'POST', '/v1/records', { ...payload, pos: 1 })).status, 409);

    const urls = lines.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url ?? '');
    assert.ok(
      urls.some((url) => url.startsWith('/v1/webcourse_detail')),
      'other calls keep their request lines',
    );
    assert.deepEqual(
      urls.filter((url) => url.startsWith('/v1/records')),
      [],
    );
  } finally {
    await server.close();
  }
});
