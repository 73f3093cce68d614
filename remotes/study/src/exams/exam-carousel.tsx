import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { tokens } from '@yaoshi/ui/site-tokens';

export interface ExamCarouselProps {
  page: number;
  slides: readonly ReactNode[];
}

/**
 * The question carousel: one slide per question, sliding sideways. Its height is the
 * showing question's own (issue 16 item 15: no blank space under a short question), kept
 * up to date while the question changes size; the buttons sit right under it. Slides that
 * are not showing are hidden from assistive technology and focus, so only the current
 * question can be read or answered.
 */
export function ExamCarousel({ page, slides }: ExamCarouselProps) {
  const slideRefs = useRef<(HTMLDivElement | null)[]>([]);
  const [height, setHeight] = useState<number | undefined>(undefined);

  useLayoutEffect(() => {
    const slide = slideRefs.current[page];
    if (!slide) return undefined;
    // 0 where nothing is laid out (a test DOM): the natural height then.
    const measure = () => setHeight(slide.scrollHeight || undefined);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    // The slide's content, not the slide: the slide itself is stretched to the row's height.
    if (slide.firstElementChild) observer.observe(slide.firstElementChild);
    return () => observer.disconnect();
  }, [page, slides.length]);

  return (
    <div
      data-testid="exam-carousel"
      style={{
        overflow: 'hidden',
        height,
        transition: 'height 0.3s ease',
        border: `1px solid ${tokens.colorBorderSecondary}`,
        borderRadius: 8,
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'flex-start',
          transform: `translateX(-${page * 100}%)`,
          transition: 'transform 0.3s ease',
        }}
      >
        {slides.map((slide, index) => (
          <div
            key={index}
            ref={(element) => {
              slideRefs.current[index] = element;
            }}
            aria-hidden={index !== page}
            inert={index !== page}
            style={{ flex: '0 0 100%', minWidth: 0 }}
          >
            {slide}
          </div>
        ))}
      </div>
    </div>
  );
}
