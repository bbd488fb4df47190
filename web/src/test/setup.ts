import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18nReady } from '../shared/i18n';
import { sessionToken } from '../shared/session/session-token';

// Components render in English from the first test on, as the app renders once its words are in.
await i18nReady;

// The machine is shared: give screens time to load their lazy chunks before a query gives up.
configure({ asyncUtilTimeout: 10_000 });

// Layout APIs that Mantine reads, where the test DOM (happy-dom) lacks them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// Mantine's autosizing textarea listens for loaded fonts.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // The toasts' store outlives the component: a file's leftovers would queue the next file's.
  notifications.clean();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionToken.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
