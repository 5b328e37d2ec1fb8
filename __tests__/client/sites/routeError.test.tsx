import { render, screen } from '@testing-library/react';
import { RenderErrorBoundary } from '../../../src/client/sites/shared/RenderErrorBoundary';

beforeEach(() => {
  // React reports the caught error on the console; that is expected here.
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

function Broken(): never {
  throw new Error('The board could not be drawn');
}

test('a page that throws shows the error screen with the message, leading to the given start page', () => {
  render(
    <RenderErrorBoundary homePath="/about">
      <Broken />
    </RenderErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('The board could not be drawn')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/about');
});

test('the error screen stays until the reset key (the location) changes', () => {
  const { rerender } = render(
    <RenderErrorBoundary resetKey="/broken">
      <Broken />
    </RenderErrorBoundary>,
  );
  rerender(
    <RenderErrorBoundary resetKey="/broken">
      <p>Board</p>
    </RenderErrorBoundary>,
  );
  expect(screen.getByText('The board could not be drawn')).toBeInTheDocument();
  rerender(
    <RenderErrorBoundary resetKey="/">
      <p>Board</p>
    </RenderErrorBoundary>,
  );
  expect(screen.getByText('Board')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
});
