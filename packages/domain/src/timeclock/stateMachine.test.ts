import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import {
  clockActions,
  clockWord,
  ESTADO_FICHAJE_LABELS,
  type EstadoFichaje,
  nextClockState,
  PAUSE_REASONS,
  type TipoFichaje,
} from './stateMachine.ts';

const STATES: EstadoFichaje[] = ['', 'e', 's', 'p', 'r'];
const TIPOS: TipoFichaje[] = ['j', 'p'];

/**
 * The whole table (spec §3–4): j from ''/s → e; j from e/r → s; p from e/r → p; p from p → r; the rest refused.
 * `null` = refused.
 */
const TABLE: Record<EstadoFichaje, Record<TipoFichaje, Exclude<EstadoFichaje, ''> | null>> = {
  '': { j: 'e', p: null },
  s: { j: 'e', p: null },
  e: { j: 's', p: 'p' },
  r: { j: 's', p: 'p' },
  p: { j: null, p: 'r' },
};

describe('nextClockState', () => {
  const pairs = STATES.flatMap((state) => TIPOS.map((tipo) => [state, tipo, TABLE[state][tipo]] as const));

  it('the table covers every (state, tipo) pair', () => {
    expect(pairs).toHaveLength(STATES.length * TIPOS.length);
  });

  it.each(pairs.filter(([, , next]) => next !== null))('from %j with tipo %s → %s', (state, tipo, next) => {
    expect(nextClockState(state, tipo)).toEqual({ ok: true, next });
  });

  it.each(pairs.filter(([, , next]) => next === null))('from %j with tipo %s → refused', (state, tipo) => {
    const r = nextClockState(state, tipo);
    expect(r.ok).toBe(false);
    // A Spanish sentence for the user, not a code.
    expect(!r.ok && r.message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].*[a-záéíóúñ]/);
    expect(!r.ok && r.message).toMatch(/jornada/);
  });

  it('says why: ending a workday while paused, or pausing without having started', () => {
    expect(nextClockState('p', 'j')).toEqual({
      ok: false,
      message: 'Estás en pausa: reanuda la jornada antes de terminarla',
    });
    expect(nextClockState('', 'p')).toEqual({ ok: false, message: 'No puedes pausar: no has iniciado la jornada' });
    expect(nextClockState('s', 'p')).toEqual({ ok: false, message: 'No puedes pausar: no has iniciado la jornada' });
  });

  it('a full day: Fichar, Pausar, Reanudar, Pausar, Reanudar, Terminar, Fichar', () => {
    let state: EstadoFichaje = '';
    const visited: EstadoFichaje[] = [];
    for (const tipo of ['j', 'p', 'p', 'p', 'p', 'j', 'j'] as TipoFichaje[]) {
      const r = nextClockState(state, tipo);
      if (!r.ok) throw new Error(r.message);
      state = r.next;
      visited.push(state);
    }
    expect(visited).toEqual(['e', 'p', 'r', 'p', 'r', 's', 'e']);
  });
});

describe('clockActions: the buttons of each state (spec §4)', () => {
  it.each([
    ['', ['Fichar']],
    ['s', ['Fichar']],
    ['e', ['Pausar', 'Terminar']],
    ['r', ['Pausar', 'Terminar']],
    ['p', ['Reanudar']],
  ] as const)('state %j → %j', (state, actions) => {
    expect(clockActions(state)).toEqual(actions);
  });

  it('every offered button is an allowed transition', () => {
    const tipoOf = { Fichar: 'j', Terminar: 'j', Pausar: 'p', Reanudar: 'p' } as const;
    for (const state of STATES) {
      for (const action of clockActions(state)) expect(nextClockState(state, tipoOf[action]).ok).toBe(true);
    }
  });

  it('every allowed transition has a button', () => {
    for (const state of STATES) {
      const offered = new Set(clockActions(state).map((a) => (a === 'Fichar' || a === 'Terminar' ? 'j' : 'p')));
      for (const tipo of TIPOS) expect(offered.has(tipo)).toBe(nextClockState(state, tipo).ok);
    }
  });
});

describe('clockWord: the confirmation word', () => {
  casos('%s → %s', clockWord, [
    ['e', 'Entrada'],
    ['r', 'Entrada'],
    ['p', 'Pausa'],
    ['s', 'Salida'],
  ]);
});

describe('labels and pause reasons', () => {
  it('labels every state in Spanish', () => {
    expect(ESTADO_FICHAJE_LABELS).toEqual({
      '': 'Sin fichar',
      e: 'Entrada',
      s: 'Salida',
      p: 'Pausa',
      r: 'Reanudación',
    });
  });

  it('pause reasons are Comida, Médico, Personal (spec §5, §9)', () => {
    expect(PAUSE_REASONS).toEqual(['Comida', 'Médico', 'Personal']);
  });
});
