import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  archiveSettings,
  parsePgBackRestInfo,
  pgBackRestConfigText,
  pgBackRestSettings,
  restoreArguments,
} from './pgbackrest';

const s3 = {
  endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
  bucket: 'yaoshi-prod',
  region: 'oss-cn-hangzhou',
  accessKeyId: 'AKID',
  secretAccessKey: 'very-secret',
  publicBaseUrl: undefined,
  forcePathStyle: false,
};

test('config: a folder repository in BACKUP_DIR without S3, the cluster from DATABASE_URL and BACKUP_PG_DATA, retention', () => {
  const settings = pgBackRestSettings(
    {
      databaseUrl: 'postgres://postgres@127.0.0.1:18390/yaoshi',
      backupDir: '/srv/backups',
      backupRetentionFull: 4,
      s3: undefined,
    },
    { BACKUP_PG_DATA: '/var/lib/postgresql/15/main', BACKUP_PG_SOCKET: '/tmp/pgsock' },
    true,
  );
  assert.equal(settings.runAs, 'postgres');
  assert.equal(
    pgBackRestConfigText(settings, { maskSecrets: true }),
    [
      '[global]',
      'repo1-type=posix',
      'repo1-path=/srv/backups/pgbackrest',
      'repo1-retention-full=4',
      'repo1-retention-full-type=count',
      'start-fast=y',
      'compress-type=gz',
      'compress-level=3',
      'process-max=1',
      'log-path=/srv/backups/log',
      'lock-path=/srv/backups/lock',
      'log-level-console=warn',
      'log-level-file=info',
      '',
      '[yaoshi]',
      'pg1-path=/var/lib/postgresql/15/main',
      'pg1-port=18390',
      'pg1-socket-path=/tmp/pgsock',
      'pg1-user=postgres',
      '',
    ].join('\n'),
  );
  assert.deepEqual(archiveSettings(settings), {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_command: 'pgbackrest --config=/srv/backups/pgbackrest.conf --stanza=yaoshi archive-push %p',
    archive_timeout: '60',
  });
});

test("config: the site's bucket in production, the secret masked when printed; BACKUP_REPO=folder keeps a folder", () => {
  const config = {
    databaseUrl: 'postgres://yaoshi@db:5432/yaoshi',
    backupDir: '/srv/backups',
    backupRetentionFull: 8,
    s3,
  };
  const settings = pgBackRestSettings(config, {}, false);
  const printed = pgBackRestConfigText(settings, { maskSecrets: true });
  assert.match(printed, /^repo1-type=s3$/m);
  assert.match(printed, /^repo1-path=\/pgbackrest$/m);
  assert.match(printed, /^repo1-s3-bucket=yaoshi-prod$/m);
  assert.match(printed, /^repo1-s3-endpoint=oss-cn-hangzhou\.aliyuncs\.com$/m);
  assert.match(printed, /^repo1-s3-key-secret=<S3_SECRET_ACCESS_KEY>$/m);
  assert.match(printed, /^repo1-s3-uri-style=host$/m);
  assert.match(printed, /^repo1-retention-full=8$/m);
  assert.doesNotMatch(printed, /very-secret/);
  assert.match(pgBackRestConfigText(settings, { maskSecrets: false }), /^repo1-s3-key-secret=very-secret$/m);
  assert.equal(settings.runAs, undefined);
  assert.equal(pgBackRestSettings(config, { BACKUP_REPO: 'folder' }, false).repo.type, 'posix');
  assert.throws(
    () => pgBackRestSettings({ ...config, s3: undefined }, { BACKUP_REPO: 's3' }, false),
    /needs the S3_\* settings/,
  );
});

test('restore: a Beijing time is the target as typed (+08), latest replays everything; a bad time is refused', () => {
  assert.deepEqual(restoreArguments('/srv/pg-restored', '2026-11-28 20:15:00'), [
    'restore',
    '--pg1-path=/srv/pg-restored',
    '--type=time',
    '--target=2026-11-28 20:15:00+08',
    '--target-action=promote',
  ]);
  assert.deepEqual(restoreArguments('/srv/pg-restored', 'latest'), ['restore', '--pg1-path=/srv/pg-restored']);
  assert.throws(() => restoreArguments('/x', 'yesterday'), /Beijing time "YYYY-MM-DD HH:mm:ss" or "latest"/);
});

test('info: last full and incremental, WAL range, from pgbackrest info --output=json', () => {
  const info = parsePgBackRestInfo(
    JSON.stringify([
      {
        name: 'yaoshi',
        status: { code: 0, message: 'ok' },
        archive: [{ id: '15-1', min: '000000010000000000000001', max: '000000010000000000000009' }],
        backup: [
          {
            label: 'F1',
            type: 'full',
            timestamp: { start: 100, stop: 110 },
            archive: { start: 'a', stop: 'b' },
            info: { size: 5 },
          },
          { label: 'I1', type: 'incr', timestamp: { start: 200, stop: 205 }, info: { size: 1 } },
        ],
      },
    ]),
    'yaoshi',
  );
  assert.equal(info.newestArchivedWal, '000000010000000000000009');
  assert.deepEqual(
    info.backups.map((b) => [b.label, b.type, b.stop]),
    [
      ['F1', 'full', 110],
      ['I1', 'incr', 205],
    ],
  );
  assert.equal(parsePgBackRestInfo('[]', 'yaoshi').status.code, 1);
});
