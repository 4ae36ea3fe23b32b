import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy screens load their chunk on first render; on 2 busy cores (the whole suite runs in parallel) that can take
// seconds, so findBy*/waitFor wait up to 10 s instead of testing-library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

// mantine-datatable hides columns when matchMedia('') does not match (stack notes, trap 10).
if (typeof window !== 'undefined') {
  const native = window.matchMedia?.bind(window);
  window.matchMedia = (query: string) => {
    const base = native ? native(query) : undefined;
    return {
      matches: query.trim() === '' ? true : (base?.matches ?? false),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split('; ').forEach((c) => {
    const name = c.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the test document's cookies
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
