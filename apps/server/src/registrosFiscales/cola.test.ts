import { describe, expect, it } from 'vitest';
import {
  aplicarCambios,
  type CanalCola,
  ESTADO_ENVIO_INICIAL,
  type EstadoEnvioEmpresa,
  type FilaCola,
  pasoDeCola,
  type ReglasCola,
} from './cola.ts';

/**
 * The queue engine with a channel declared here and nothing else: a platform that takes texts in batches, answers
 * one verdict per text, refuses a whole batch that holds a text it cannot read, and is sometimes unreachable. It
 * proves what every channel gets without writing it: retries with doubling back-off, a bad record that blocks
 * nobody, batches split until the bad one travels alone, and a configuration fault that stops the queue.
 */

type Respuesta =
  | { tipo: 'caido' }
  | { tipo: 'certificado' }
  | { tipo: 'ilegible' }
  | { tipo: 'ok'; rechazados: string[] };

interface Plataforma {
  caida: boolean;
  certificadoMalo: boolean;
  recibidos: string[][];
}

const T0 = Date.parse('2026-11-20T10:00:00Z');
const REGLAS: ReglasCola<FilaCola> = { maxPorEnvio: 4, esperaBaseMs: 10_000, esperaMaximaMs: 80_000 };

/**
 * The fake channel: a text with 'ilegible' makes the platform refuse the whole batch, one with 'malo' is rejected by
 * itself, one with 'roto' cannot even be put in a message.
 */
function canalFalso(p: Plataforma, reglas = REGLAS): CanalCola<FilaCola, string, Respuesta, { Motivo: string }> {
  return {
    reglas,
    cliente: {
      async enviar(lote) {
        if (lote.some((t) => t.includes('roto'))) throw new Error('carácter imposible');
        p.recibidos.push([...lote]);
        if (p.caida) return { tipo: 'caido' };
        if (p.certificadoMalo) return { tipo: 'certificado' };
        if (lote.some((t) => t.includes('ilegible'))) return { tipo: 'ilegible' };
        return { tipo: 'ok', rechazados: lote.filter((t) => t.includes('malo')) };
      },
    },
    leer(respuesta, lote) {
      if (respuesta.tipo === 'caido') return { tipo: 'transitorio', campos: { Motivo: 'sin conexión' } };
      if (respuesta.tipo === 'certificado') return { tipo: 'bloqueo', Mensaje: 'Certificado no válido' };
      if (respuesta.tipo === 'ilegible') return { tipo: 'mensaje', campos: { Motivo: 'lote ilegible' } };
      return {
        tipo: 'registros',
        esperaMs: 5_000,
        veredictos: lote.map((f) =>
          respuesta.rechazados.includes(texto(f.id)) ? { estado: 'rechazado', Motivo: 'no' } : { estado: 'enviado' },
        ),
      };
    },
    sinMensaje: () => ({ tipo: 'ilegible' }),
  };
}

const textos: Record<string, string> = {};
const texto = (id: string) => textos[id] ?? id;

function cola(...contenidos: string[]): FilaCola[] {
  return contenidos.map((c, i) => {
    const id = `f${i + 1}`;
    textos[id] = c;
    return { id, secuencia: i + 1, estado: 'generado', intentos: 0 };
  });
}

/** Runs steps as the database runner does (changes applied between steps) until the plan is not to send. */
async function drenar(canal: ReturnType<typeof canalFalso>, filas: FilaCola[], desde = T0, max = 20) {
  let estado: EstadoEnvioEmpresa = ESTADO_ENVIO_INICIAL;
  let ahora = desde;
  for (let i = 0; i < max; i++) {
    const paso = await pasoDeCola(canal, { filas, estado, ahora }, (f) => texto(f.id));
    if (paso.plan.accion === 'nada') break;
    if (paso.plan.accion === 'esperar') {
      ahora = paso.plan.hasta;
      continue;
    }
    filas = aplicarCambios(filas, paso.cambios);
    estado = paso.estado;
  }
  return { filas, estado, ahora };
}

describe('the fiscal-record queue engine with a channel declared in the test', () => {
  it('a rejected record blocks nobody: the others go on and it ends rechazado', async () => {
    const p: Plataforma = { caida: false, certificadoMalo: false, recibidos: [] };
    const { filas } = await drenar(canalFalso(p), cola('a', 'malo', 'c', 'd', 'e', 'f'));
    expect(filas.map((f) => f.estado)).toEqual(['enviado', 'rechazado', 'enviado', 'enviado', 'enviado', 'enviado']);
    expect(p.recibidos).toEqual([
      ['a', 'malo', 'c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('a batch refused as a whole is halved until the bad record travels alone; the rest is accepted', async () => {
    const p: Plataforma = { caida: false, certificadoMalo: false, recibidos: [] };
    const { filas } = await drenar(canalFalso(p), cola('a', 'b', 'ilegible', 'd', 'e'));
    expect(filas.map((f) => f.estado)).toEqual(['enviado', 'enviado', 'rechazado', 'enviado', 'enviado']);
    expect(p.recibidos).toContainEqual(['ilegible']);
    expect(p.recibidos.filter((l) => l.includes('ilegible')).length).toBeGreaterThan(1);
  });

  it('a record whose message cannot be built is rejected alone too', async () => {
    const p: Plataforma = { caida: false, certificadoMalo: false, recibidos: [] };
    const { filas } = await drenar(canalFalso(p), cola('a', 'roto', 'c'));
    expect(filas.map((f) => f.estado)).toEqual(['enviado', 'rechazado', 'enviado']);
    expect(p.recibidos.flat()).not.toContain('roto');
  });

  it('transport failures retry the same records with doubling back-off up to the longest, then they go', async () => {
    const p: Plataforma = { caida: true, certificadoMalo: false, recibidos: [] };
    const canal = canalFalso(p);
    let filas = cola('a', 'b');
    let estado = ESTADO_ENVIO_INICIAL;
    let ahora = T0;
    const esperas: number[] = [];
    for (let i = 0; i < 5; i++) {
      const paso = await pasoDeCola(canal, { filas, estado, ahora }, (f) => texto(f.id));
      expect(paso.plan).toEqual({ accion: 'enviar', ids: ['f1', 'f2'], incidencia: i > 0 });
      expect(paso.cambios[0]).toMatchObject({ Motivo: 'sin conexión', retrasado: true });
      expect(paso.cambios[0]).not.toHaveProperty('estado');
      filas = aplicarCambios(filas, paso.cambios);
      estado = paso.estado;
      const espera = filas[0]!.noAntesDe! - ahora;
      esperas.push(espera);
      // Before the back-off is over the queue waits; the channel is not called.
      const antes = await pasoDeCola(canal, { filas, estado, ahora: ahora + espera - 1 }, (f) => texto(f.id));
      expect(antes.plan).toEqual({ accion: 'esperar', hasta: ahora + espera, motivo: 'reintento' });
      ahora += espera;
    }
    expect(esperas).toEqual([10_000, 20_000, 40_000, 80_000, 80_000]);
    expect(filas.map((f) => [f.estado, f.intentos])).toEqual([
      ['generado', 5],
      ['generado', 5],
    ]);
    p.caida = false;
    const ok = await pasoDeCola(canal, { filas, estado, ahora }, (f) => texto(f.id));
    expect(ok.plan).toEqual({ accion: 'enviar', ids: ['f1', 'f2'], incidencia: true });
    expect(ok.cambios.map((c) => [c.estado, c.intentos, c.noAntesDe])).toEqual([
      ['enviado', 6, null],
      ['enviado', 6, null],
    ]);
    expect(ok.estado).toEqual({ siguienteEnvio: ahora + 5_000, incidencia: false, fallosSeguidos: 0 });
    expect(p.recibidos).toHaveLength(6);
  });

  it('a channel that counts each record’s attempts backs off per record, without incident marks', async () => {
    const p: Plataforma = { caida: true, certificadoMalo: false, recibidos: [] };
    const canal = canalFalso(p, { ...REGLAS, maxPorEnvio: 1, fallosDe: 'registro', incidencia: false });
    const filas = cola('a', 'b').map((f, i) => (i === 0 ? { ...f, intentos: 2 } : f));
    const paso = await pasoDeCola(canal, { filas, estado: ESTADO_ENVIO_INICIAL, ahora: T0 }, (f) => texto(f.id));
    expect(paso.cambios).toEqual([{ id: 'f1', intentos: 3, noAntesDe: T0 + 40_000, Motivo: 'sin conexión' }]);
  });

  it('a configuration fault stops the queue with its records untouched until the block is retried', async () => {
    const p: Plataforma = { caida: false, certificadoMalo: true, recibidos: [] };
    const canal = canalFalso(p, { ...REGLAS, esperaBloqueoMs: 60_000 });
    const filas = cola('a', 'b');
    const paso = await pasoDeCola(canal, { filas, estado: ESTADO_ENVIO_INICIAL, ahora: T0 }, (f) => texto(f.id));
    expect(paso.cambios).toEqual([]);
    expect(paso.estado.bloqueo).toEqual({ Mensaje: 'Certificado no válido' });
    const luego = await pasoDeCola(canal, { filas, estado: paso.estado, ahora: T0 + 59_000 }, (f) => texto(f.id));
    expect(luego.plan).toEqual({ accion: 'esperar', hasta: T0 + 60_000, motivo: 'bloqueo' });
    expect(p.recibidos).toHaveLength(1);
  });

  it('flow control: after an answer the channel’s wait holds a short queue, not a full message', async () => {
    const p: Plataforma = { caida: false, certificadoMalo: false, recibidos: [] };
    const canal = canalFalso(p);
    const primero = await pasoDeCola(canal, { filas: cola('a'), estado: ESTADO_ENVIO_INICIAL, ahora: T0 }, (f) =>
      texto(f.id),
    );
    const corta = cola('b', 'c');
    const lleno = cola('d', 'e', 'f', 'g');
    const espera = { filas: corta, estado: primero.estado, ahora: T0 + 1 };
    expect((await pasoDeCola(canal, espera, (f) => texto(f.id))).plan).toEqual({
      accion: 'esperar',
      hasta: T0 + 5_000,
      motivo: 'flujo',
    });
    const va = await pasoDeCola(canal, { ...espera, filas: lleno }, (f) => texto(f.id));
    expect(va.plan.accion).toBe('enviar');
  });
});
