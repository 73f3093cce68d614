import type { ReactNode } from 'react';
import { carouselHeight } from '@yaoshi/contracts/exam-rules';

export interface ExamCarouselProps {
  page: number;
  /** Options of the question on `page`: the height follows it (spec 02 §9). */
  optionCount: number;
  slides: readonly ReactNode[];
}

/**
 * The question carousel: one slide per question, sliding sideways. Slides that are not
 * showing are hidden from assistive technology and focus, so only the current question
 * can be read or answered.
 */
export function ExamCarousel({ page, optionCount, slides }: ExamCarouselProps) {
  return (
    <div data-testid="exam-carousel" style={{ overflow: 'hidden', height: carouselHeight(optionCount), border: '1px solid #f0f0f0', borderRadius: 8 }}>
      <div style={{ display: 'flex', height: '100%', transform: `translateX(-${page * 100}%)`, transition: 'transform 0.3s ease' }}>
        {slides.map((slide, index) => (
          <div key={index} aria-hidden={index !== page} inert={index !== page} style={{ flex: '0 0 100%', minWidth: 0, overflowY: 'auto' }}>
            {slide}
          </div>
        ))}
      </div>
    </div>
  );
}
