/** jsdom gaps Mantine needs, Testing Library cleanup, and console.error failing the test. */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { cleanNotifications } from '@mantine/notifications';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};
// jsdom does not implement pseudo-element styles; Mantine asks for them.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// Lazy pages and first renders can take seconds when the whole suite shares two cores.
configure({ asyncUtilTimeout: 8000 });

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  cleanup();
  cleanNotifications();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  localStorage.clear(); // remembered choices (e.g. results columns) must not leak into the next test
  if (errors.length) throw new Error(`console.error was called: ${errors.map((args) => args.join(' ')).join('\n')}`);
});
