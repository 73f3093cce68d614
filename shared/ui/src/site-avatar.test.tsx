import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar } from './site-avatar';

test('a photo is shown in its circle, and the initial when it cannot be loaded', () => {
  const { container } = render(<Avatar src="/media/teachers/liu.jpg" name="刘雅琴" />);
  const photo = container.querySelector('img')!;
  expect(photo).toHaveAttribute('src', '/media/teachers/liu.jpg');
  expect(screen.queryByText('刘')).toBeNull();
  fireEvent.error(photo);
  expect(container.querySelector('img')).toBeNull();
  expect(screen.getByText('刘')).toBeInTheDocument();
});

test('without a photo, the first character of the name', () => {
  render(<Avatar src={undefined} name="王芳" />);
  expect(screen.getByText('王')).toBeInTheDocument();
});
