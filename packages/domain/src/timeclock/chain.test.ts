import { describe, expect, it } from 'vitest';
import { type EslabonFichaje, huellaFichaje, verificarCadenaFichajes } from './chain.ts';
import { diaMadrid, planContrato, resumenDia, resumenMes } from './jornada.ts';

const base = (id: number, fecha: string, estado: string): EslabonFichaje => ({
  Id: id,
  Persona: 7,
  Fecha: fecha,
  Registrado: fecha,
  Tipo: estado === 'p' || estado === 'r' ? 'p' : 'j',
  Estado: estado,
  MotivoPausa: estado === 'p' ? 'Comida' : null,
  Origen: 'w',
  Offline: false,
  Corrige: null,
  Latitud: '40.4168',
  Longitud: null,
  Ip: '10.0.0.1',
  Dispositivo: 'Firefox',
  IdCliente: null,
});

function chain(rows: EslabonFichaje[]) {
  let prev = '';
  return rows.map((r) => {
    const Huella = huellaFichaje(r, prev);
    const out = { ...r, Huella, HuellaAnterior: prev };
    prev = Huella;
    return out;
  });
}

describe('time clock hash chain', () => {
  const rows = chain([
    base(1, '2026-11-02T08:00:00.000Z', 'e'),
    base(2, '2026-11-02T11:00:00.000Z', 'p'),
    base(3, '2026-11-02T11:30:00.000Z', 'r'),
    base(4, '2026-11-02T16:00:00.000Z', 's'),
  ]);

  it('an untouched chain verifies; the hash is 64 uppercase hex and depends on the previous one', () => {
    expect(verificarCadenaFichajes(rows)).toEqual({ ok: true, revisados: 4, defectos: [] });
    expect(rows[0]!.Huella).toMatch(/^[0-9A-F]{64}$/);
    expect(huellaFichaje(base(1, '2026-11-02T08:00:00.000Z', 'e'), 'X')).not.toBe(rows[0]!.Huella);
  });

  it('coordinates hash as stored (numeric(9,6))', () => {
    const same = { ...base(1, '2026-11-02T08:00:00.000Z', 'e'), Latitud: '40.416800' };
    expect(huellaFichaje(same, '')).toBe(rows[0]!.Huella);
  });

  it('an edited row is "alterado"', () => {
    const edited = rows.map((r) => (r.Id === 2 ? { ...r, Fecha: '2026-11-02T12:00:00.000Z' } : r));
    const res = verificarCadenaFichajes(edited);
    expect(res.ok).toBe(false);
    expect(res.defectos).toEqual([expect.objectContaining({ Id: 2, Defecto: 'alterado' })]);
  });

  it('a deleted row leaves the next one "eliminado"', () => {
    const res = verificarCadenaFichajes(rows.filter((r) => r.Id !== 2));
    expect(res.defectos).toEqual([expect.objectContaining({ Id: 3, Defecto: 'eliminado' })]);
  });
});

describe('workday and month against the plan', () => {
  it('worked minutes, pauses by reason, exit', () => {
    const r = resumenDia([
      { Fecha: '2026-11-02T08:00:00.000Z', Estado: 'e' },
      { Fecha: '2026-11-02T11:00:00.000Z', Estado: 'p', MotivoPausa: 'Comida' },
      { Fecha: '2026-11-02T11:30:00.000Z', Estado: 'r' },
      { Fecha: '2026-11-02T16:00:00.000Z', Estado: 's' },
    ]);
    expect(r).toMatchObject({ trabajados: 450, pausas: 30, porMotivo: { Comida: 30 }, sinSalida: false });
  });

  it('the civil day is Madrid’s: 23:30 UTC on 2 Nov is 3 Nov', () => {
    expect(diaMadrid('2026-11-02T23:30:00.000Z')).toBe('2026-11-03');
  });

  it('a month: overtime, absences, a missing exit and the holiday are counted', () => {
    const plan = planContrato({ JornadaSemanal: 40, DiasSemana: 'LMXJV', festivos: new Set(['2026-11-04']) });
    const mes = resumenMes(
      '2026-11',
      [
        { Fecha: '2026-11-02T07:00:00.000Z', Estado: 'e' },
        { Fecha: '2026-11-02T17:00:00.000Z', Estado: 's' },
        { Fecha: '2026-11-03T08:00:00.000Z', Estado: 'e' },
      ],
      { ...{ previstos: plan }, limiteExtraMes: 60 },
      '2026-11-06',
    );
    expect(mes.Dias[1]).toMatchObject({ Dia: '2026-11-02', Trabajados: 600, Previstos: 480, Extra: 120 });
    expect(mes.Dias[2]).toMatchObject({ SinSalida: true, Ausencia: false });
    expect(mes.Dias[3]).toMatchObject({ Previstos: 0, Ausencia: false });
    expect(mes.Dias[4]).toMatchObject({ Dia: '2026-11-05', Ausencia: true });
    expect(mes.Ausencias).toBe(1);
    expect(mes.Alertas).toEqual([
      'Falta la salida del 03/11/2026',
      'Se ha superado el límite de horas extraordinarias del mes',
    ]);
  });
});
