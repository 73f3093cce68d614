import { useEffect, useState } from 'react';
import type { Slide } from '@yaoshi/contracts/content';
import { useSlidesQuery } from '../articles/article-api';
import { CAROUSEL_HEIGHT_PX, SLIDE_INTERVAL_MS } from './home-layout';
import { tokens } from '@yaoshi/ui/site-tokens';

/**
 * The home banner (spec 01: carousel, height 280). A small carousel of our own rather than
 * antd's (react-slick): the home page is the site's first load and this one is a few lines.
 * It advances every few seconds, stops while pointed at or focused, and has a button per slide.
 */
export function Slideshow() {
  const { data: slides = [], isLoading } = useSlidesQuery();
  return <SlidesView slides={slides} isLoading={isLoading} />;
}

/** The carousel of `slides`; the server renders it too (the first slide showing). */
export function SlidesView({ slides, isLoading = false }: { slides: readonly Slide[]; isLoading?: boolean }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || slides.length < 2) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, slides.length]);

  const frame = {
    position: 'relative',
    height: CAROUSEL_HEIGHT_PX,
    overflow: 'hidden',
    borderRadius: 6,
    background: tokens.colorBgPrimarySoft,
  } as const;
  if (isLoading || slides.length === 0) return <div style={frame} aria-hidden="true" />;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="图片新闻"
      style={frame}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, i) => (
        <a
          key={`${slide.image}-${slide.title}`}
          href={slide.url || undefined}
          aria-hidden={i !== current}
          tabIndex={i === current ? 0 : -1}
          style={{
            position: 'absolute',
            inset: 0,
            opacity: i === current ? 1 : 0,
            transition: 'opacity 0.6s',
            pointerEvents: i === current ? 'auto' : 'none',
          }}
        >
          <img
            src={slide.image}
            alt={slide.title}
            width={1200}
            height={CAROUSEL_HEIGHT_PX}
            loading={i === 0 ? 'eager' : 'lazy'}
            // The first slide is the home page's largest paint: fetched before the scripts.
            fetchPriority={i === 0 ? 'high' : 'auto'}
            style={{ width: '100%', height: CAROUSEL_HEIGHT_PX, objectFit: 'cover', display: 'block' }}
          />
        </a>
      ))}
      <div
        style={{
          position: 'absolute',
          bottom: 12,
          left: 0,
          right: 0,
          display: 'flex',
          justifyContent: 'center',
          gap: 4,
        }}
      >
        {slides.map((slide, i) => (
          <button
            key={slide.image}
            type="button"
            aria-label={`第${i + 1}张：${slide.title}`}
            aria-current={i === current}
            onClick={() => setCurrent(i)}
            // A 24 px target around the visible dot (touch target size).
            style={{
              width: 36,
              height: 24,
              border: 'none',
              cursor: 'pointer',
              padding: 0,
              background: 'transparent',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <span
              style={{
                display: 'block',
                width: i === current ? 28 : 12,
                height: 12,
                borderRadius: 6,
                border: `1px solid ${tokens.colorTextLightSolid}`,
                background: i === current ? tokens.colorTextLightSolid : tokens.colorBgWhiteHalf,
                transition: 'width 0.3s',
              }}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
