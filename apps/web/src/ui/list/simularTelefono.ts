import { vi } from 'vitest';
import { PHONE_QUERY } from './phone.ts';

/** Tests only: the screen is a phone (the `usePhone` query matches) until the test's globals are unstubbed. */
export function simularTelefono(): void {
  const native = window.matchMedia;
  vi.stubGlobal('matchMedia', (q: string) => {
    const base = native(q);
    return { ...base, matches: q === PHONE_QUERY || base.matches, media: q };
  });
}
