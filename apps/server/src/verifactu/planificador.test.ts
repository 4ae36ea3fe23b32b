import { describe, expect, it } from 'vitest';
import type { ResultadoEnvio } from './clienteSoap.ts';
import {
  aplicarCambios,
  aplicarResultado,
  ESTADO_ENVIO_INICIAL,
  type EstadoEnvioEmpresa,
  esperaReintento,
  planificarEnvio,
  type RegistroEnCola,
} from './planificador.ts';
import type { RespuestaLinea } from './respuesta.ts';

const T0 = Date.parse('2026-11-20T10:00:00Z');
/** A first send of `lote` at T0 that got `resultado`. */
const primerEnvio = (
  registros: Parameters<typeof aplicarResultado>[0]['registros'],
  lote: string[],
  resultado: Parameters<typeof aplicarResultado>[0]['resultado'],
) => aplicarResultado({ registros, estado: ESTADO_ENVIO_INICIAL, lote, ahora: T0, resultado });

function cola(n: number, desde = 1): RegistroEnCola[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `r${desde + i}`,
    secuencia: desde + i,
    estado: 'generado' as const,
    TipoOperacion: 'Alta' as const,
    IDEmisorFactura: '89890001K',
    NumSerieFactura: `F${desde + i}`,
    FechaExpedicionFactura: '20-11-2026',
    intentos: 0,
  }));
}

const linea = (
  r: RegistroEnCola,
  EstadoRegistro: RespuestaLinea['EstadoRegistro'],
  extra: Partial<RespuestaLinea> = {},
): RespuestaLinea => ({
  IDFactura: {
    IDEmisorFactura: r.IDEmisorFactura,
    NumSerieFactura: r.NumSerieFactura,
    FechaExpedicionFactura: r.FechaExpedicionFactura,
  },
  Operacion: { TipoOperacion: r.TipoOperacion },
  EstadoRegistro,
  ...extra,
});

const respuesta = (lineas: RespuestaLinea[], TiempoEsperaEnvio = 60): ResultadoEnvio => ({
  tipo: 'respuesta',
  CSV: 'A-CSV',
  TiempoEsperaEnvio,
  EstadoEnvio: 'Correcto',
  RespuestaLinea: lineas,
});

describe('what to send', () => {
  it('nothing pending → nada; pending → the oldest first, in generation order', () => {
    expect(planificarEnvio([], ESTADO_ENVIO_INICIAL, T0)).toEqual({ accion: 'nada' });
    const rs = cola(5).reverse();
    rs[1] = { ...rs[1]!, estado: 'enviado' };
    expect(planificarEnvio(rs, ESTADO_ENVIO_INICIAL, T0)).toEqual({
      accion: 'enviar',
      ids: ['r1', 'r2', 'r3', 'r5'],
      incidencia: false,
    });
  });

  it('at most 1,000 per message', () => {
    const plan = planificarEnvio(cola(2500), ESTADO_ENVIO_INICIAL, T0);
    expect(plan.accion === 'enviar' && plan.ids.length).toBe(1000);
    expect(plan.accion === 'enviar' && plan.ids[0]).toBe('r1');
  });

  it('honours TiempoEsperaEnvio unless 1,000 records are waiting', () => {
    const estado: EstadoEnvioEmpresa = { ...ESTADO_ENVIO_INICIAL, siguienteEnvio: T0 + 60_000 };
    expect(planificarEnvio(cola(10), estado, T0)).toEqual({ accion: 'esperar', hasta: T0 + 60_000, motivo: 'flujo' });
    expect(planificarEnvio(cola(10), estado, T0 + 60_000).accion).toBe('enviar');
    expect(planificarEnvio(cola(1000), estado, T0).accion).toBe('enviar');
  });

  it('never puts two records of the same invoice in one message (alta then its anulación)', () => {
    const rs = cola(3);
    rs.push({ ...rs[1]!, id: 'anul2', secuencia: 4, TipoOperacion: 'Anulacion' }, ...cola(1, 5));
    const plan = planificarEnvio(rs, ESTADO_ENVIO_INICIAL, T0);
    expect(plan).toEqual({ accion: 'enviar', ids: ['r1', 'r2', 'r3'], incidencia: false });
  });
});

describe('what an answer means', () => {
  it('Correcto → enviado, AceptadoConErrores → conerrores, Incorrecto → rechazado; the wait starts', () => {
    const rs = cola(3);
    const { estado, cambios } = primerEnvio(
      rs,
      ['r1', 'r2', 'r3'],
      respuesta(
        [
          linea(rs[0]!, 'Correcto'),
          linea(rs[1]!, 'AceptadoConErrores', {
            CodigoErrorRegistro: 2001,
            DescripcionErrorRegistro: 'NIF no censado',
          }),
          linea(rs[2]!, 'Incorrecto', { CodigoErrorRegistro: 1189 }),
        ],
        30,
      ),
    );
    expect(estado).toEqual({ siguienteEnvio: T0 + 30_000, incidencia: false, fallosSeguidos: 0 });
    expect(cambios.map((c) => [c.id, c.estado, c.CodigoErrorRegistro])).toEqual([
      ['r1', 'enviado', undefined],
      ['r2', 'conerrores', 2001],
      ['r3', 'rechazado', 1189],
    ]);
    expect(cambios[0]).toMatchObject({ CSV: 'A-CSV', intentos: 1 });
  });

  it('a rejected record never blocks the others: the next plan starts after it', () => {
    let rs = cola(3);
    const r = primerEnvio(rs, ['r1'], respuesta([linea(rs[0]!, 'Incorrecto', { CodigoErrorRegistro: 1104 })], 0));
    rs = aplicarCambios(rs, r.cambios);
    expect(planificarEnvio(rs, r.estado, T0)).toEqual({ accion: 'enviar', ids: ['r2', 'r3'], incidencia: false });
  });

  it('transport failure: same records retried with exponential back-off, incident mode, Incidencia=S afterwards', () => {
    let rs = cola(3);
    let estado = ESTADO_ENVIO_INICIAL;
    const esperas: number[] = [];
    let ahora = T0;
    for (const fallo of [
      { tipo: 'error', causa: 'timeout', mensaje: 't' },
      { tipo: 'error', causa: 'red', mensaje: 'r' },
      { tipo: 'error', causa: 'http', mensaje: 'h', estadoHttp: 503 },
      { tipo: 'fault', faultcode: 'env:Server', faultstring: 'x', reintentable: true },
      { tipo: 'fault', faultcode: 'env:Client', faultstring: 'Codigo[4134]', Codigo: 4134, reintentable: false },
    ] as ResultadoEnvio[]) {
      const plan = planificarEnvio(rs, estado, ahora);
      if (plan.accion !== 'enviar') throw new Error(JSON.stringify(plan));
      expect(plan.ids).toEqual(['r1', 'r2', 'r3']);
      const r = aplicarResultado({ registros: rs, estado, lote: plan.ids, resultado: fallo, ahora });
      rs = aplicarCambios(rs, r.cambios);
      estado = r.estado;
      const espera = planificarEnvio(rs, estado, ahora);
      if (espera.accion !== 'esperar') throw new Error(JSON.stringify(espera));
      expect(espera.motivo).toBe('reintento');
      esperas.push(espera.hasta - ahora);
      ahora = espera.hasta;
    }
    expect(esperas).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(estado).toMatchObject({ incidencia: true, fallosSeguidos: 5 });
    expect(rs.map((r) => [r.intentos, r.retrasado])).toEqual([
      [5, true],
      [5, true],
      [5, true],
    ]);
    // Records generated during the outage queue up behind; the first send after it carries Incidencia=S.
    rs = [...rs, ...cola(1, 4)];
    expect(planificarEnvio(rs, estado, ahora)).toEqual({
      accion: 'enviar',
      ids: ['r1', 'r2', 'r3', 'r4'],
      incidencia: true,
    });
    const ok = aplicarResultado({
      registros: rs,
      estado,
      lote: ['r1', 'r2', 'r3', 'r4'],
      resultado: respuesta(rs.map((r) => linea(r, 'Correcto'))),
      ahora,
    });
    expect(ok.estado).toEqual({ siguienteEnvio: ahora + 60_000, incidencia: false, fallosSeguidos: 0 });
    expect(esperaReintento(50)).toBe(3_600_000);
  });

  it('an outage marks every pending record, not only the ones sent, as held back', () => {
    const rs = cola(2);
    const r = primerEnvio(rs, ['r1'], { tipo: 'error', causa: 'red', mensaje: 'ECONNREFUSED' });
    expect(r.cambios).toEqual([
      { id: 'r1', intentos: 1, noAntesDe: T0 + 30_000, retrasado: true },
      { id: 'r2', retrasado: true },
    ]);
  });

  it('idempotent retry: duplicates (3000) and already-cancelled (3001) after a lost answer are acceptances', () => {
    const rs = cola(3).map((r) => ({ ...r, intentos: 1 }));
    rs[2] = { ...rs[2]!, TipoOperacion: 'Anulacion' };
    const { cambios } = primerEnvio(
      rs,
      ['r1', 'r2', 'r3'],
      respuesta([
        linea(rs[0]!, 'Incorrecto', {
          CodigoErrorRegistro: 3000,
          RegistroDuplicado: { IdPeticionRegistroDuplicado: '1', EstadoRegistroDuplicado: 'Correcta' },
        }),
        linea(rs[1]!, 'Incorrecto', {
          CodigoErrorRegistro: 3000,
          RegistroDuplicado: {
            IdPeticionRegistroDuplicado: '1',
            EstadoRegistroDuplicado: 'AceptadaConErrores',
            CodigoErrorRegistro: 2001,
          },
        }),
        linea(rs[2]!, 'Incorrecto', { CodigoErrorRegistro: 3001 }),
      ]),
    );
    expect(cambios.map((c) => [c.estado, c.yaRegistrado, c.CodigoErrorRegistro])).toEqual([
      ['enviado', true, undefined],
      ['conerrores', true, 2001],
      ['enviado', true, undefined],
    ]);
    expect(cambios[2]!.anula).toEqual({
      IDEmisorFactura: '89890001K',
      NumSerieFactura: 'F3',
      FechaExpedicionFactura: '20-11-2026',
    });
  });

  it('a first-time duplicate is a real rejection', () => {
    const rs = cola(1);
    const { cambios } = primerEnvio(
      rs,
      ['r1'],
      respuesta([
        linea(rs[0]!, 'Incorrecto', {
          CodigoErrorRegistro: 3000,
          RegistroDuplicado: { IdPeticionRegistroDuplicado: '1', EstadoRegistroDuplicado: 'Correcta' },
        }),
      ]),
    );
    expect(cambios[0]).toMatchObject({ estado: 'rechazado', CodigoErrorRegistro: 3000 });
  });

  it.each([
    [10, 'r7', 10],
    [1000, 'r613', 25],
  ])('a schema fault splits %i records until the bad one (%s) is alone, then rejects only it', (n, malo, pasos) => {
    let rs = cola(n);
    let estado = ESTADO_ENVIO_INICIAL;
    const enviados: string[][] = [];
    for (let paso = 0; paso < 100; paso++) {
      const plan = planificarEnvio(rs, estado, T0);
      if (plan.accion !== 'enviar') break;
      enviados.push(plan.ids);
      const resultado: ResultadoEnvio = plan.ids.includes(malo)
        ? {
            tipo: 'fault',
            faultcode: 'env:Client',
            faultstring: 'Codigo[4102].El XML no cumple el esquema',
            Codigo: 4102,
            reintentable: false,
          }
        : respuesta(
            plan.ids.map((id) => linea(rs.find((r) => r.id === id)!, 'Correcto')),
            0,
          );
      const r = aplicarResultado({ registros: rs, estado, lote: plan.ids, resultado, ahora: T0 });
      rs = aplicarCambios(rs, r.cambios);
      estado = r.estado;
    }
    expect(rs.filter((r) => r.estado === 'rechazado').map((r) => r.id)).toEqual([malo]);
    expect(rs.filter((r) => r.estado === 'enviado')).toHaveLength(n - 1);
    expect(enviados.length).toBeLessThanOrEqual(pasos);
  });

  it('configuration faults block the queue without touching its records', () => {
    const rs = cola(2);
    const r = primerEnvio(rs, ['r1', 'r2'], {
      tipo: 'fault',
      faultcode: 'env:Client',
      faultstring: 'Codigo[4112].Titular',
      Codigo: 4112,
      reintentable: false,
    });
    expect(r.cambios).toEqual([]);
    expect(r.estado.bloqueo).toEqual({ Codigo: 4112, Mensaje: 'Codigo[4112].Titular' });
    expect(planificarEnvio(rs, r.estado, T0)).toEqual({ accion: 'esperar', hasta: T0 + 1_800_000, motivo: 'bloqueo' });
    const cert = primerEnvio(rs, ['r1'], { tipo: 'error', causa: 'certificado', mensaje: 'contraseña' });
    expect(cert.estado.bloqueo?.Mensaje).toBe('contraseña');
  });

  it('a record the answer does not mention is retried later', () => {
    const rs = cola(2);
    const { cambios } = primerEnvio(rs, ['r1', 'r2'], respuesta([linea(rs[0]!, 'Correcto')]));
    expect(cambios[1]).toEqual({ id: 'r2', intentos: 1, noAntesDe: T0 + 30_000 });
  });
});
