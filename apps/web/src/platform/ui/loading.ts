import { useSyncExternalStore } from 'react';

/** Counts calls in flight for the 'Cargando datos...' overlay (spec section 8). */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function startLoading(): () => void {
  pending += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    emit();
  };
}

export function pendingCalls(): number {
  return pending;
}

export function useLoading(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending > 0,
    () => false,
  );
}
