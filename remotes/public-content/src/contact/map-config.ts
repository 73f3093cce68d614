/**
 * The contact page's map. With a map-service key (AMap / 高德 JS API 2.0, set as `AMAP_KEY`,
 * and `AMAP_SECURITY_CODE` if the key has one, when this remote is built) the page draws an
 * interactive map centred on the association's profile coordinates (/v1/site `site_map_point`) with a marker. Without a key, the default and
 * the case in tests, it shows a static map picture shipped with the site, so the page works
 * offline and nothing is fetched from a third party.
 */
export const MAP_ZOOM = 16;
export const STATIC_MAP_URL = '/media/site/contact-map.svg';
export const AMAP_SCRIPT_URL = 'https://webapi.amap.com/maps?v=2.0&key=';

export interface MapServiceConfig {
  key: string;
  securityCode: string;
}

/** Build-time settings (DefinePlugin); empty = no key. */
export function mapServiceConfig(): MapServiceConfig | null {
  const key = process.env.AMAP_KEY ?? '';
  return key ? { key, securityCode: process.env.AMAP_SECURITY_CODE ?? '' } : null;
}
