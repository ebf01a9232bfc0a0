import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { applyLanguage } from '../i18n';

// Two shared, busy cores: give async UI updates room before calling a test failed.
configure({ asyncUtilTimeout: 15_000 });

// antd's responsive helpers ask matchMedia, which jsdom does not have.
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

afterEach(() => {
  cleanup();
  localStorage.clear();
  // English for the next test, also one that renders without the app's providers
  applyLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
