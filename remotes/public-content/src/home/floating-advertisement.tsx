import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { enrolmentCaption } from '@yaoshi/contracts/site-rules';
import { useAdvertisementsQuery } from '../articles/article-api';
import { FLOATING_AD_TICK_MS, floatStartPosition, nextFloatPosition, type FloatState } from './advertisement-rules';
import { tokens } from '@yaoshi/ui/site-tokens';

const AD_WIDTH = 160;
const IMAGE_HEIGHT = 120;
const CAPTION_HEIGHT = 26;

/**
 * The floating image advertisement (spec 01 §4): moves every 25 ms and bounces off the
 * viewport's edges, stops while the pointer is on it, can be closed, and opens its link.
 * It moves with a transform written straight to the element, so the page does not
 * re-render 40 times a second and nothing else on the page shifts.
 *
 * Under the image, the enrolment line names the current study year the server reports
 * (2026年度报名中), so the advert never announces a past year. It starts in the top-right
 * corner of `startOn` (the slideshow), where it covers no headline.
 */
export function FloatingAdvertisement({ startOn }: { startOn?: RefObject<HTMLElement | null> }) {
  const { data } = useAdvertisementsQuery();
  const ad = data?.imgAdv;
  const studyYear = data?.study_year ?? null;
  const height = IMAGE_HEIGHT + (studyYear === null ? 0 : CAPTION_HEIGHT);
  const [closed, setClosed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const position = useRef<FloatState | null>(null);

  const viewport = () => ({ width: document.documentElement.clientWidth, height: window.innerHeight });

  // Out of the document (the shell builds the site there while the server's HTML shows)
  // nothing can be measured: the box is placed once it is in (the next tick at the latest).
  const place = () => {
    const element = box.current;
    if (!element || position.current || !element.isConnected) return;
    const anchor = startOn?.current?.getBoundingClientRect() ?? null;
    position.current = floatStartPosition(anchor, { width: AD_WIDTH, height }, viewport());
    element.style.transform = `translate(${position.current.x}px, ${position.current.y}px)`;
    element.style.visibility = 'visible';
  };

  // Placed before the first paint, so it never flashes over the headline.
  useLayoutEffect(place);

  useEffect(() => {
    if (!ad || closed) return;
    const timer = setInterval(() => {
      place();
      const element = box.current;
      if (!element || paused.current || !position.current) return;
      position.current = nextFloatPosition(position.current, { width: AD_WIDTH, height }, viewport());
      element.style.transform = `translate(${position.current.x}px, ${position.current.y}px)`;
    }, FLOATING_AD_TICK_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- place reads refs and the height of this render
  }, [ad, closed, height]);

  if (!ad || closed) return null;
  const content = (
    <>
      <img src={ad.img_url} alt="广告" width={AD_WIDTH} height={IMAGE_HEIGHT} style={{ display: 'block' }} />
      {studyYear !== null && (
        <span
          style={{
            display: 'block',
            height: CAPTION_HEIGHT,
            lineHeight: `${CAPTION_HEIGHT}px`,
            textAlign: 'center',
            fontSize: 14,
            fontWeight: 600,
            color: tokens.colorTextLightSolid,
            background: tokens.volcano7,
          }}
        >
          {enrolmentCaption(studyYear)}
        </span>
      )}
    </>
  );
  return (
    <div
      ref={box}
      data-testid="floating-advertisement"
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      style={{
        position: 'fixed',
        left: 0,
        top: 0,
        // Under the shell's 服务热线 panel (950): the advert must never hide its phone numbers.
        zIndex: 900,
        width: AD_WIDTH,
        visibility: position.current ? 'visible' : 'hidden',
        transform: position.current ? `translate(${position.current.x}px, ${position.current.y}px)` : undefined,
        background: tokens.colorBgContainer,
        boxShadow: tokens.boxShadowFloat,
      }}
    >
      {ad.url ? (
        <a href={ad.url} style={{ display: 'block', textDecoration: 'none' }}>
          {content}
        </a>
      ) : (
        content
      )}
      <button
        type="button"
        aria-label="关闭广告"
        onClick={() => setClosed(true)}
        style={{
          position: 'absolute',
          top: 0,
          right: 0,
          width: 24,
          height: 24,
          border: 'none',
          cursor: 'pointer',
          background: tokens.colorBgVeilStrong,
          color: tokens.colorTextLightSolid,
          fontSize: 16,
          lineHeight: '24px',
          padding: 0,
        }}
      >
        ×
      </button>
    </div>
  );
}
