import { render, screen } from '@testing-library/react';
import { REMOTE_RETRY_LABEL } from '@yaoshi/ui/message-texts';
import { PAGE_FAILED_TEXT, PageErrorBoundary } from './page-error-boundary';

function BrokenPage(): never {
  throw new Error('chunk failed to load');
}

test('a page that fails to load or render says so and offers 重试, instead of a blank page', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <PageErrorBoundary>
      <BrokenPage />
    </PageErrorBoundary>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent(PAGE_FAILED_TEXT);
  expect(screen.getByRole('button', { name: REMOTE_RETRY_LABEL })).toBeInTheDocument();
});

test('a page that renders is shown as it is', () => {
  render(
    <PageErrorBoundary>
      <h1>学员须知</h1>
    </PageErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: '学员须知' })).toBeInTheDocument();
});
