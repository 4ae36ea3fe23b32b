import { PAUSE_REASONS } from '@faro/domain';

/** Pause-reason typeahead (spec sections 5 and 9): 200 ms debounce, at most 10, none for empty input. */
export const PAUSE_DEBOUNCE_MS = 200;
export const PAUSE_MAX_SUGGESTIONS = 10;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Suggestions containing the typed text (case and accent insensitive). */
export function pauseSuggestions(input: string, reasons: readonly string[] = PAUSE_REASONS): string[] {
  const needle = fold(input.trim());
  if (!needle) return [];
  return reasons.filter((r) => fold(r).includes(needle)).slice(0, PAUSE_MAX_SUGGESTIONS);
}
