import { useEffect, useRef, useState } from 'react';
import { AMAP_SCRIPT_URL, MAP_ZOOM, amapMarkerUrl, mapServiceConfig, type MapServiceConfig } from './map-config';

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
        border: '1px solid #e8e8e8',
        background: '#fafafa',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 12,
      }}
    >
      <p style={{ margin: 0, fontSize: 16, color: '#262626' }}>
        <span aria-hidden="true" style={{ marginRight: 8 }}>
          📍
        </span>
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
