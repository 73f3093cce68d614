import { Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  checkedKey,
  checkedPrefix,
  contentTypeOf,
  ObjectExistsError,
  type ListedObject,
  type ObjectInfo,
  type PutOptions,
  type Storage,
} from './storage';
import type { S3Settings } from './storage-config';

/** CopyObject copies at most 5 GiB in one request; larger objects are copied by streaming (multipart upload). */
export const MAX_SINGLE_COPY_BYTES = 5 * 1024 ** 3;

/** SigV4 presigned URLs live at most a week (the protocol's limit). */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

export function s3ClientOf(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
}

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}

function encodedKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** The bucket's own address for a key: path style (`endpoint/bucket/key`) or virtual-hosted (`bucket.host/key`). */
export function bucketObjectUrl(settings: S3Settings, key: string): string {
  if (settings.publicBaseUrl) return `${settings.publicBaseUrl}/${encodedKey(key)}`;
  const endpoint = new URL(settings.endpoint);
  const base = endpoint.origin + endpoint.pathname.replace(/\/+$/, '');
  if (settings.forcePathStyle) return `${base}/${encodeURIComponent(settings.bucket)}/${encodedKey(key)}`;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}/${encodedKey(key)}`;
}

/**
 * S3-compatible object storage (AWS S3, Aliyun OSS, Tencent COS, MinIO, …) through
 * @aws-sdk/client-s3. Public objects are read at the bucket's address or `S3_PUBLIC_BASE_URL`
 * (a CDN); the bucket policy must allow anonymous GET on the public prefixes only
 * (docs/operations.md, "Files"). Private objects are read through presigned URLs, signed
 * at `now()` so a test's clock can move them past their expiry.
 */
export function s3Storage(
  settings: S3Settings,
  now: () => Date,
  client: S3Client = s3ClientOf(settings),
  maxSingleCopyBytes = MAX_SINGLE_COPY_BYTES,
): Storage {
  const Bucket = settings.bucket;

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
      return {
        key,
        size: answer.ContentLength ?? 0,
        modified: answer.LastModified ?? new Date(0),
        etag: answer.ETag ?? `"${answer.ContentLength ?? 0}"`,
        contentType: answer.ContentType ?? contentTypeOf(key),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  const storage: Storage = {
    kind: 's3',
    async put(key, body, options: PutOptions = {}) {
      checkedKey(key);
      if (options.ifAbsent && (await head(key)) !== null) throw new ObjectExistsError(key);
      const ContentType = options.contentType ?? contentTypeOf(key);
      const CacheControl = options.cacheControl;
      if (Buffer.isBuffer(body)) {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType, CacheControl }),
        );
        return;
      }
      // A stream of any length (a lesson video of several GB): multipart, a few parts in memory at a time.
      await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType, CacheControl } }).done();
    },
    head,
    async copy(fromKey, toKey) {
      const source = await head(fromKey);
      if (source === null) return false;
      checkedKey(toKey);
      if (source.size <= maxSingleCopyBytes) {
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: toKey,
            CopySource: `${Bucket}/${encodedKey(fromKey)}`,
            ContentType: contentTypeOf(toKey),
            MetadataDirective: 'REPLACE',
          }),
        );
        return true;
      }
      const body = await storage.get(fromKey);
      if (body === null) return false;
      await storage.put(toKey, body);
      return true;
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checkedKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const body = answer.Body;
        if (body instanceof Readable) return body;
        return body ? Readable.from(Buffer.from(await body.transformToByteArray())) : Readable.from([]);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async *list(prefix, options = {}): AsyncIterable<ListedObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: checkedPrefix(prefix),
            ContinuationToken,
            ...(options.topLevel ? { Delimiter: '/' } : {}),
          }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key !== undefined)
            yield { key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    publicUrl(key) {
      return bucketObjectUrl(settings, checkedKey(key));
    },
    async presignedUrl(key, seconds) {
      const expiresIn = Math.min(Math.max(Math.ceil(seconds), 1), MAX_PRESIGN_SECONDS);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checkedKey(key) }), {
        expiresIn,
        signingDate: now(),
      });
    },
  };
  return storage;
}
