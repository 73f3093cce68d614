import { render, screen } from '@testing-library/react';
import { contrastRatio } from './test-support/colour-contrast';
import { Tag, type TagColour } from './site-tag';

test.each<TagColour>(['blue', 'green', 'gold', 'orange', 'red', 'purple', 'default'])(
  'the text of a %s tag has the 4.5:1 contrast small text needs on its background',
  (colour) => {
    render(<Tag color={colour}>复习模式</Tag>);
    const style = screen.getByText('复习模式').style;
    expect(contrastRatio(style.background, style.color)).toBeGreaterThanOrEqual(4.5);
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
