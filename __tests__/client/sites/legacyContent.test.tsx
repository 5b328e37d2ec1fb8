import { act, render, screen } from '@testing-library/react';
import LegacyContentSite from '../../../src/client/sites/legacy-content/LegacyContentSite';
import { MovedPage, redirectDelayMs } from '../../../src/client/sites/legacy-content/MovedPage';
import { defaultSiteConfig } from '../../../src/shared/siteKind';

afterEach(() => {
  jest.useRealTimers();
  window.history.replaceState(null, '', '/');
});

test('every old path says the site moved and links to the new address', () => {
  window.history.replaceState(null, '', '/old/page');
  const config = { ...defaultSiteConfig, legacyContentUrl: 'https://baton.example/about' };
  render(<LegacyContentSite config={config} />);
  expect(screen.getByRole('heading', { name: 'This site has moved' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Baton now' })).toHaveAttribute('href', 'https://baton.example/about');
});

test('the visitor is sent on after a moment', () => {
  jest.useFakeTimers();
  const replaceLocation = jest.fn();
  render(<MovedPage legacyContentUrl="https://baton.example" replaceLocation={replaceLocation} />);
  expect(replaceLocation).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(redirectDelayMs));
  expect(replaceLocation).toHaveBeenCalledWith('https://baton.example');
});

test('with no address configured the link goes to the start page and nothing redirects', () => {
  jest.useFakeTimers();
  const replaceLocation = jest.fn();
  render(<MovedPage legacyContentUrl={null} replaceLocation={replaceLocation} />);
  expect(screen.getByRole('link', { name: 'Go to Baton now' })).toHaveAttribute('href', '/');
  act(() => jest.advanceTimersByTime(redirectDelayMs * 2));
  expect(replaceLocation).not.toHaveBeenCalled();
});
