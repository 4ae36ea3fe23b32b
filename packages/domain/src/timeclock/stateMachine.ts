/**
 * The time-clock state machine (spec sections 3 and 4). The server owns it; the browser uses it to choose buttons.
 * Tipo 'j' (jornada): from no state or s → e; from e or r → s. Tipo 'p' (pausa): from e or r → p; from p → r.
 */
export type EstadoFichaje = '' | 'e' | 's' | 'p' | 'r';
export type TipoFichaje = 'j' | 'p';

export const ESTADO_FICHAJE_LABELS = {
  '': 'Sin fichar',
  e: 'Entrada',
  s: 'Salida',
  p: 'Pausa',
  r: 'Reanudación',
} as const satisfies Record<EstadoFichaje, string>;

export type Transition = { ok: true; next: Exclude<EstadoFichaje, ''> } | { ok: false; message: string };

export function nextClockState(current: EstadoFichaje, tipo: TipoFichaje): Transition {
  if (tipo === 'j') {
    if (current === '' || current === 's') return { ok: true, next: 'e' };
    if (current === 'e' || current === 'r') return { ok: true, next: 's' };
    return { ok: false, message: 'Estás en pausa: reanuda la jornada antes de terminarla' };
  }
  if (current === 'e' || current === 'r') return { ok: true, next: 'p' };
  if (current === 'p') return { ok: true, next: 'r' };
  return { ok: false, message: 'No puedes pausar: no has iniciado la jornada' };
}

/** What the user sees after a successful entry ('El fichaje de … se ha registrado correctamente'). */
export function clockWord(state: Exclude<EstadoFichaje, ''>): 'Entrada' | 'Pausa' | 'Salida' {
  return state === 's' ? 'Salida' : state === 'p' ? 'Pausa' : 'Entrada';
}

/** Buttons offered in each state (usuario/fichajes). */
export function clockActions(state: EstadoFichaje): ('Fichar' | 'Pausar' | 'Terminar' | 'Reanudar')[] {
  if (state === '' || state === 's') return ['Fichar'];
  if (state === 'p') return ['Reanudar'];
  return ['Pausar', 'Terminar'];
}

export const PAUSE_REASONS = ['Comida', 'Médico', 'Personal'] as const;
