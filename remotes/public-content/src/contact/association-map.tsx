import { useEffect, useRef, useState } from 'react';
import { AMAP_SCRIPT_URL, MAP_ZOOM, amapMarkerUrl, mapServiceConfig, type MapServiceConfig } from './map-config';
import { tokens } from '@yaoshi/ui/site-tokens';

const MAP_HEIGHT = 400;

/** The map's marker, from the association's profile (`site_map_point` of /v1/site). */
export interface MapPoint {
  lng: number;
  lat: number;
}

/** The little of the AMap API this page uses. */
interface AMapApi {
  Map: new (container: HTMLElement, options: { center: [number, number]; zoom: number }) => { destroy(): void };
  Marker: new (options: { position: [number, number]; map: unknown; title: string }) => unknown;
}

declare global {
  interface Window {
    AMap?: AMapApi;
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

function loadAMap(config: MapServiceConfig): Promise<AMapApi> {
  if (window.AMap) return Promise.resolve(window.AMap);
  if (config.securityCode) window._AMapSecurityConfig = { securityJsCode: config.securityCode };
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = AMAP_SCRIPT_URL + encodeURIComponent(config.key);
    script.async = true;
    script.onload = () => (window.AMap ? resolve(window.AMap) : reject(new Error('AMap missing')));
    script.onerror = () => reject(new Error('AMap did not load'));
    document.head.appendChild(script);
  });
}

/**
 * antd's EnvironmentOutlined drawn inline: an SVG needs no font, where the 📍 emoji it
 * replaces was an empty box on machines without an emoji font (most Linux desktops).
 */
function LocationIcon() {
  return (
    <svg
      data-testid="location-icon"
      viewBox="64 64 896 896"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      style={{ marginRight: 8, verticalAlign: '-0.125em', fill: tokens.colorPrimary }}
    >
      <path d="M854.6 289.1a362.49 362.49 0 00-79.9-115.7 370.83 370.83 0 00-118.2-77.8C610.7 76.6 562.1 67 512 67c-50.1 0-98.7 9.6-144.5 28.5-44.3 18.3-84 44.5-118.2 77.8A363.6 363.6 0 00169.4 289c-19.5 45-29.4 92.8-29.4 142 0 70.6 16.9 140.9 50.1 208.7 26.7 54.5 64 107.6 111 158.1 80.3 86.2 164.5 138.9 188.4 153a43.9 43.9 0 0022.4 6.1c7.8 0 15.5-2 22.4-6.1 23.9-14.1 108.1-66.8 188.4-153 47-50.4 84.3-103.6 111-158.1C867.1 572 884 501.8 884 431.1c0-49.2-9.9-97-29.4-142zM512 880.2c-65.9-41.9-300-207.8-300-449.1 0-77.9 31.1-151.1 87.6-206.3C356.3 169.5 431.7 139 512 139s155.7 30.5 212.4 85.9C780.9 280 812 353.2 812 431.1c0 241.3-234.1 407.2-300 449.1zm0-617.2c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm79.2 255.2A111.6 111.6 0 01512 551c-29.9 0-58-11.7-79.2-32.8A111.6 111.6 0 01400 439c0-29.9 11.7-58 32.8-79.2C454 338.6 482.1 327 512 327c29.9 0 58 11.6 79.2 32.8C612.4 381 624 409.1 624 439c0 29.9-11.6 58-32.8 79.2z" />
    </svg>
  );
}

/** An interactive map with a key; otherwise (or when the map service cannot be reached) the address with a link to the point on 高德地图. */
export function AssociationMap({ address, point }: { address: string; point: MapPoint | null }) {
  // Without the profile's coordinates there is nothing to centre on: the address alone.
  const config = point ? mapServiceConfig() : null;
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!config || failed) return;
    let map: { destroy(): void } | undefined;
    let cancelled = false;
    loadAMap(config)
      .then((AMap) => {
        if (cancelled || !container.current || !point) return;
        const center: [number, number] = [point.lng, point.lat];
        map = new AMap.Map(container.current, { center, zoom: MAP_ZOOM });
        new AMap.Marker({ position: center, map, title: address });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      map?.destroy();
    };
    // config is read from build-time constants: it never changes while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- config is constant for the page's life
  }, [failed, address, point?.lng, point?.lat]);

  if (config && !failed) {
    return (
      <div
        ref={container}
        role="region"
        aria-label={`地图：${address}`}
        style={{ width: '100%', height: MAP_HEIGHT, borderRadius: 6 }}
      />
    );
  }
  return (
    <section
      aria-label="协会位置"
      style={{
        minHeight: 160,
        padding: 24,
        borderRadius: 6,
        border: `1px solid ${tokens.colorBorderBox}`,
        background: tokens.colorFillAlter,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 12,
      }}
    >
      <p style={{ margin: 0, fontSize: 16, color: tokens.colorText }}>
        <LocationIcon />
        地址：{address}
      </p>
      {point && (
        <p style={{ margin: 0 }}>
          <a href={amapMarkerUrl(point, address)} target="_blank" rel="noopener noreferrer">
            在高德地图中查看位置与路线
          </a>
        </p>
      )}
    </section>
  );
}
