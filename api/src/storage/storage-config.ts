/**
 * Object storage settings (issue 21). With none of the `S3_*` variables set, files live in
 * the local folder (`MEDIA_DIR`); with `S3_ENDPOINT` and `S3_BUCKET` they live in that
 * bucket, and then the credentials and region must be set too. A half-configured store is
 * refused at start: files written to a folder on one server would be missing on the others.
 */
export interface S3Settings {
  /** `S3_ENDPOINT`, e.g. `https://oss-cn-hangzhou.aliyuncs.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  /** `S3_BUCKET`. */
  bucket: string;
  /** `S3_REGION`. */
  region: string;
  /** `S3_ACCESS_KEY_ID`. */
  accessKeyId: string;
  /** `S3_SECRET_ACCESS_KEY`. */
  secretAccessKey: string;
  /** `S3_PUBLIC_BASE_URL`: where browsers read public objects (a CDN or the bucket's website address); default the bucket's own address. */
  publicBaseUrl: string | undefined;
  /** `S3_FORCE_PATH_STYLE=true`: `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

export const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_REGION',
  'S3_PUBLIC_BASE_URL',
  'S3_FORCE_PATH_STYLE',
] as const;
const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'] as const;

/** Bucket names as S3 allows them (3–63 lowercase letters, digits, dots, hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export class StorageConfigError extends Error {
  override name = 'StorageConfigError';
}

type Environment = Readonly<Record<string, string | undefined>>;

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageConfigError(`${name} must be an http(s) address, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new StorageConfigError(`${name} must be an http(s) address, got "${value}".`);
  if (url.search || url.hash || url.username || url.password)
    throw new StorageConfigError(`${name} must be an address without query or credentials, got "${value}".`);
  return value.replace(/\/+$/, '');
}

/** The S3 settings, or undefined for the local folder; throws StorageConfigError on a partial or malformed set. */
export function s3SettingsFromEnv(env: Environment): S3Settings | undefined {
  const value = (name: string) => {
    const text = env[name]?.trim();
    return text === undefined || text === '' ? undefined : text;
  };
  const present = S3_VARIABLES.filter((name) => value(name) !== undefined);
  if (present.length === 0) return undefined;
  const missing = REQUIRED.filter((name) => value(name) === undefined);
  if (missing.length > 0)
    throw new StorageConfigError(
      `Object storage is half configured (${present.join(', ')} set): also set ${missing.join(', ')}, or unset every S3_* variable to keep files in MEDIA_DIR.`,
    );
  const bucket = value('S3_BUCKET')!;
  if (!BUCKET_NAME.test(bucket))
    throw new StorageConfigError(
      `S3_BUCKET must be 3 to 63 lowercase letters, digits, dots or hyphens, got "${bucket}".`,
    );
  const pathStyle = value('S3_FORCE_PATH_STYLE') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false')
    throw new StorageConfigError(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}".`);
  const publicBaseUrl = value('S3_PUBLIC_BASE_URL');
  return {
    endpoint: httpUrl('S3_ENDPOINT', value('S3_ENDPOINT')!),
    bucket,
    region: value('S3_REGION')!,
    accessKeyId: value('S3_ACCESS_KEY_ID')!,
    secretAccessKey: value('S3_SECRET_ACCESS_KEY')!,
    publicBaseUrl: publicBaseUrl === undefined ? undefined : httpUrl('S3_PUBLIC_BASE_URL', publicBaseUrl),
    forcePathStyle: pathStyle === 'true',
  };
}

/** What production refuses: plain http to a store that is not on this machine's loopback. */
export function s3ProductionProblems(settings: S3Settings | undefined): string[] {
  if (!settings) return [];
  const problems: string[] = [];
  for (const [name, address] of [
    ['S3_ENDPOINT', settings.endpoint],
    ['S3_PUBLIC_BASE_URL', settings.publicBaseUrl],
  ] as const) {
    if (address === undefined) continue;
    const url = new URL(address);
    const loopback =
      url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
    if (url.protocol === 'http:' && !loopback)
      problems.push(
        `${name} is plain http ("${address}"): face photos and credentials would cross the network unencrypted. Use https.`,
      );
  }
  return problems;
}

/**
 * Where browsers fetch objects from, for the Content-Security-Policy (img-src, media-src,
 * connect-src): the public base, and the bucket's own origin (presigned URLs).
 */
export function storageOrigins(settings: S3Settings | undefined): string[] {
  if (!settings) return [];
  const endpoint = new URL(settings.endpoint);
  const bucketOrigin = settings.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
  const origins = [bucketOrigin];
  if (settings.publicBaseUrl) origins.push(new URL(settings.publicBaseUrl).origin);
  return [...new Set(origins)];
}
