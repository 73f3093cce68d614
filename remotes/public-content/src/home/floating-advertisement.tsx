import { useEffect, useRef, useState } from 'react';
import { useAdvertisementsQuery } from '../articles/article-api';
import { FLOATING_AD_TICK_MS, nextFloatPosition, type FloatState } from './advertisement-rules';

const AD_WIDTH = 160;
const AD_HEIGHT = 120;

/**
 * The floating image advertisement (spec 01 §4): moves every 25 ms and bounces off the
 * viewport's edges, stops while the pointer is on it, can be closed, and opens its link.
 * It moves with a transform written straight to the element, so the page does not
 * re-render 40 times a second and nothing else on the page shifts.
 */
export function FloatingAdvertisement() {
  const { data } = useAdvertisementsQuery();
  const ad = data?.imgAdv;
  const [closed, setClosed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const position = useRef<FloatState>({ x: 0, y: 120, dx: 1, dy: 1 });

  useEffect(() => {
    if (!ad || closed) return;
    const timer = setInterval(() => {
      const element = box.current;
      if (!element || paused.current) return;
      position.current = nextFloatPosition(position.current, { width: AD_WIDTH, height: AD_HEIGHT }, { width: document.documentElement.clientWidth, height: window.innerHeight });
      element.style.transform = `translate(${position.current.x}px, ${position.current.y}px)`;
    }, FLOATING_AD_TICK_MS);
    return () => clearInterval(timer);
  }, [ad, closed]);

  if (!ad || closed) return null;
  const image = <img src={ad.img_url} alt="广告" width={AD_WIDTH} height={AD_HEIGHT} style={{ display: 'block' }} />;
  return (
    <div
      ref={box}
      data-testid="floating-advertisement"
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      style={{ position: 'fixed', left: 0, top: 0, zIndex: 900, width: AD_WIDTH, transform: `translate(${position.current.x}px, ${position.current.y}px)`, boxShadow: '0 2px 8px rgba(0,0,0,0.2)' }}
    >
      {ad.url ? <a href={ad.url}>{image}</a> : image}
      <button
        type="button"
        aria-label="关闭广告"
        onClick={() => setClosed(true)}
        style={{ position: 'absolute', top: 0, right: 0, width: 24, height: 24, border: 'none', cursor: 'pointer', background: 'rgba(0,0,0,0.55)', color: '#fff', fontSize: 16, lineHeight: '24px', padding: 0 }}
      >
        ×
      </button>
    </div>
  );
}
