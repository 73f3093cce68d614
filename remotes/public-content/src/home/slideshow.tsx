import { Carousel, Skeleton } from 'antd';
import { useSlidesQuery } from '../articles/article-api';
import { CAROUSEL_HEIGHT_PX } from './home-layout';

export function Slideshow() {
  const { data: slides = [], isLoading } = useSlidesQuery();
  if (isLoading) return <Skeleton.Node active style={{ width: '100%', height: CAROUSEL_HEIGHT_PX }} />;
  if (slides.length === 0) return <div style={{ height: CAROUSEL_HEIGHT_PX, background: '#f0f5ff' }} />;
  return (
    <Carousel autoplay>
      {slides.map((slide) => (
        <a key={`${slide.image}-${slide.title}`} href={slide.url || undefined} title={slide.title}>
          <img src={slide.image} alt={slide.title} style={{ width: '100%', height: CAROUSEL_HEIGHT_PX, objectFit: 'cover' }} />
        </a>
      ))}
    </Carousel>
  );
}
