import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (768 px): lists fold their filters and show compact rows, line editors cards. */
export const PHONE_QUERY = '(max-width: 767.98px)';

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
