import { render, screen } from '@testing-library/react';
import { Tag, type TagColour } from './site-tag';

/** WCAG 2 relative luminance of an `rgb(r, g, b)` colour, as the browser reports it. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test.each<TagColour>(['blue', 'green', 'gold', 'orange', 'red', 'purple', 'default'])(
  'the text of a %s tag has the 4.5:1 contrast small text needs on its background',
  (colour) => {
    render(<Tag color={colour}>复习模式</Tag>);
    const style = screen.getByText('复习模式').style;
    const [lighter, darker] = [luminance(style.background), luminance(style.color)].sort((a, b) => b - a) as [
      number,
      number,
    ];
    expect((lighter + 0.05) / (darker + 0.05)).toBeGreaterThanOrEqual(4.5);
  },
);

test('a tag passes on its handlers and ref, so a tooltip can be attached to it', () => {
  const entered = jest.fn();
  let element: HTMLSpanElement | null = null;
  render(
    <Tag color="default" onMouseEnter={entered} ref={(node) => void (element = node)}>
      已过期
    </Tag>,
  );
  screen.getByText('已过期').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  expect(entered).toHaveBeenCalled();
  expect(element).toBe(screen.getByText('已过期'));
});
