/**
 * The bucket's CORS rules as S3's XML (`PutBucketCors`, or s3rver's bucket configuration):
 * pages at `origins` may read any object from script — the published remotes' mf-manifest.json
 * and chunks (src/releases/release-storage.ts) and HLS playlists and segments. The same rule as
 * the JSON an operator gives a real bucket (deploy/README.md, "The bucket"), so the browser
 * test that runs against s3rver with it proves that rule.
 */
export function bucketCorsXml(origins: readonly string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    `${allowed}<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>` +
    '<AllowedHeader>Range</AllowedHeader>' +
    '<ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>Content-Range</ExposeHeader><ExposeHeader>ETag</ExposeHeader>' +
    '<MaxAgeSeconds>3600</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}
