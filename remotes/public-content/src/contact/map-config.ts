/**
 * The contact page's map. With a map-service key (AMap / 高德 JS API 2.0, set as `AMAP_KEY`,
 * and `AMAP_SECURITY_CODE` if the key has one, when this remote is built) the page draws an
 * interactive map centred on the association's profile coordinates (/v1/site
 * `site_map_point`) with a marker. Without a key, the default and the case in tests, nothing
 * is fetched from a third party: the page shows the address with a link that opens the same
 * point in 高德地图 (web or app) when the visitor clicks it. No picture of one association's
 * street ships with the product.
 */
export const MAP_ZOOM = 16;
export const AMAP_SCRIPT_URL = 'https://webapi.amap.com/maps?v=2.0&key=';

/** 高德's public marker page for a point (GCJ-02), named: it needs no key. */
export function amapMarkerUrl(point: { lng: number; lat: number }, name: string): string {
  const query = new URLSearchParams({
    position: `${point.lng},${point.lat}`,
    name,
    src: 'yaoshi',
    coordinate: 'gaode',
  });
  return `https://uri.amap.com/marker?${query.toString()}`;
}

export interface MapServiceConfig {
  key: string;
  securityCode: string;
}

/** Build-time settings (DefinePlugin); empty = no key. */
export function mapServiceConfig(): MapServiceConfig | null {
  const key = process.env.AMAP_KEY ?? '';
  return key ? { key, securityCode: process.env.AMAP_SECURITY_CODE ?? '' } : null;
}
