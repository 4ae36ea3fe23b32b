import { randomUUID } from 'node:crypto';
import type { RegistroFacturacion } from '@faro/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors.ts';
import { companyDirectory } from '../../../platform/tenancy/directory.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { verifactuCola, verifactuEnvio, verifactuRegistros } from '../../../platform/tenancy/tables.ts';
import type { ClienteAeat, ResultadoEnvio } from '../../../verifactu/clienteSoap.ts';
import { crearClienteAeat } from '../../../verifactu/clienteSoap.ts';
import { canalVerifactu, filaDeCola } from '../../../verifactu/cola.ts';
import {
  ESTADO_ENVIO_INICIAL,
  type EstadoEnvioEmpresa,
  type OpcionesPlanificador,
  type Plan,
  type RegistroEnCola,
  type RespuestaRegistro,
} from '../../../verifactu/planificador.ts';
import * as cola from '../../registrosFiscales/envio.ts';
import { cargarConfiguracion, cargarEmpresa, destinoDe, filaConfig, MSG_VF, usaVerifactu } from './configuracion.ts';

/**
 * VeriFactu's queue (fventaverifactu) on the fiscal-record runner (`registrosFiscales/envio.ts`): where its rows
 * are (`verifactu_cola` beside the immutable `verifactu_registros`), the send state it keeps (the planner's
 * TiempoEsperaEnvio, back-off and incident mode in `verifactu_envio.estado`), how a step is stored (an accepted
 * anulación moves the invoice's altas to `anulado`) and the last answer as the screen shows it.
 */

const yo = `faro-${process.pid}-${randomUUID().slice(0, 8)}`;

export interface OpcionesEnvio {
  /** Builds the SOAP client (tests inject one); default `crearClienteAeat` with the company's certificate. */
  cliente?: (c: { url: string; pfx: Buffer; passphrase: string }) => Pick<ClienteAeat, 'enviarRegistros' | 'cerrar'>;
  /** Extra CA (PEM) trusted for the endpoint (the local simulator). Default env FARO_VERIFACTU_CA. */
  ca?: string;
  timeoutMs?: number;
  planificador?: OpcionesPlanificador;
  /** Clock (ms). */
  ahora?: () => number;
  /** Steps per call at most (each step is one message). Default 20. */
  maxPasos?: number;
}

export interface ResumenEnvio {
  pasos: number;
  enviados: number;
  plan: Plan['accion'];
  /** When the next attempt makes sense (ms since epoch), if the queue is waiting. */
  hasta?: number;
  motivo?: string;
  ultimo?: ResumenResultado;
}

export interface ResumenResultado {
  Fecha: string;
  Tipo: ResultadoEnvio['tipo'];
  EstadoEnvio?: string;
  CSV?: string;
  Mensaje?: string;
  Codigo?: number;
  Registros: number;
}

function resumen(r: ResultadoEnvio, registros: number, ahora: number): ResumenResultado {
  const base = { Fecha: new Date(ahora).toISOString(), Tipo: r.tipo, Registros: registros };
  if (r.tipo === 'respuesta') return { ...base, EstadoEnvio: r.EstadoEnvio, ...(r.CSV ? { CSV: r.CSV } : {}) };
  if (r.tipo === 'fault') return { ...base, Mensaje: r.faultstring, ...(r.Codigo ? { Codigo: r.Codigo } : {}) };
  return { ...base, Mensaje: r.mensaje };
}

/** The last answer of a step as `verifactu_envio.ultimo_resultado` and the "send now" answer show it. */
const resumenPaso = (p: { plan: Plan; respuesta?: ResultadoEnvio }, t: number) =>
  p.respuesta && p.plan.accion === 'enviar' ? resumen(p.respuesta, p.plan.ids.length, t) : undefined;

export async function estadoEnvio(s: Scope): Promise<EstadoEnvioEmpresa> {
  const [row] = await s.pick({ estado: verifactuEnvio.estado }, verifactuEnvio);
  return (row?.estado as EstadoEnvioEmpresa | undefined) ?? ESTADO_ENVIO_INICIAL;
}

/** VeriFactu's queue on the database. */
const COLA: cola.ColaCanal<
  RegistroEnCola,
  RegistroFacturacion,
  ResultadoEnvio,
  RespuestaRegistro,
  typeof verifactuCola
> = {
  cola: verifactuCola,
  turno: verifactuEnvio,
  leaseMs: 5 * 60_000,
  async asegurarTurno(s) {
    await s.insert(verifactuEnvio, { estado: ESTADO_ENVIO_INICIAL }).onConflictDoNothing();
  },
  async pendientes(s) {
    const filas = await s
      .pick({ c: verifactuCola, r: verifactuRegistros }, verifactuCola, eq(verifactuCola.estado, 'generado'))
      .innerJoin(verifactuRegistros, s.on(verifactuRegistros, eq(verifactuRegistros.id, verifactuCola.idRegistro)))
      .orderBy(asc(verifactuRegistros.id))
      .limit(5_000);
    return filas.map((f) => {
      const registro = f.r.registro as RegistroFacturacion;
      const fila = {
        ...filaDeCola(String(f.r.id), f.r.id, registro),
        intentos: f.c.intentos,
        noAntesDe: f.c.noAntesDe,
        loteMaximo: f.c.loteMaximo,
        retrasado: f.c.retrasado,
      };
      return { fila, registro };
    });
  },
  leerEstado: estadoEnvio,
  columnas: (c, comunes) => ({
    ...comunes,
    ...cola.definidos({
      loteMaximo: c.loteMaximo,
      retrasado: c.retrasado,
      codigoError: c.CodigoErrorRegistro,
      descripcionError: c.DescripcionErrorRegistro,
      csv: c.CSV,
    }),
  }),
  alGuardar: async (tx, c) => {
    if (c.anula) await marcarAnulada(tx, c.anula.NumSerieFactura, c.anula.FechaExpedicionFactura);
  },
  async guardarPaso(tx, paso, t) {
    const ultimo = resumenPaso(paso, t);
    await tx.update(
      verifactuEnvio,
      { estado: paso.estado, ultimoEnvio: new Date(t).toISOString(), ...(ultimo ? { ultimoResultado: ultimo } : {}) },
      undefined,
    );
  },
};

/** Takes the company's sender lease; false when another sender holds it. */
export const tomarTurno = (s: Scope, quien = yo) => cola.tomarTurno(COLA, s, quien);

export const soltarTurno = (s: Scope, quien = yo) => cola.soltarTurno(COLA, s, quien);

/** "Send now": forget back-offs and a configuration block (the user says it is fixed); TiempoEsperaEnvio stays. */
export async function reintentarAhora(s: Scope): Promise<void> {
  await COLA.asegurarTurno(s);
  const estado = await estadoEnvio(s);
  const { bloqueo: _b, ...resto } = estado;
  await s.update(
    verifactuEnvio,
    { estado: { ...resto, siguienteEnvio: estado.bloqueo ? 0 : estado.siguienteEnvio } },
    undefined,
  );
  await s.update(verifactuCola, { noAntesDe: null }, eq(verifactuCola.estado, 'generado'));
}

/**
 * Sends what the planner allows for one company, step after step, until it says wait or there is nothing left.
 * Throws a 400 when the company has no destination or certificate; returns `plan: 'esperar'` with motivo
 * 'ocupado' when another sender holds the lease.
 */
export async function enviarPendientes(
  database: cola.Plataforma,
  secret: string,
  empresaId: number,
  op: OpcionesEnvio = {},
): Promise<ResumenEnvio> {
  return enviarPendientesDe(companyDirectory({ database }).scope(empresaId), secret, op);
}

/** `enviarPendientes` through the company's door. */
export async function enviarPendientesDe(db: Scope, secret: string, op: OpcionesEnvio = {}): Promise<ResumenEnvio> {
  const e = await cargarEmpresa(db);
  if (!usaVerifactu(e)) throw badRequest(MSG_VF.noActivo);
  const cfg = await cargarConfiguracion(db, e, secret);
  const url = destinoDe(cfg);
  if (!url) throw badRequest(MSG_VF.sinDestino);
  if (!cfg.certificado) throw badRequest(MSG_VF.sinCertificado);
  const certificado = { url, pfx: cfg.certificado.pfx, passphrase: cfg.certificado.passphrase };
  const ca = op.ca ?? process.env.FARO_VERIFACTU_CA;
  const cliente = op.cliente
    ? op.cliente(certificado)
    : crearClienteAeat({ ...certificado, ...(ca ? { ca } : {}), ...(op.timeoutMs ? { timeoutMs: op.timeoutMs } : {}) });
  const cabecera = { ObligadoEmision: { NombreRazon: e.nombre, NIF: e.nif.toUpperCase() } };
  const canal = canalVerifactu(cliente, cabecera, op.planificador);
  // Each round holds the lease under its own name: two rounds of one process (the timer and "send now") never
  // send together, or the second would send records the first already sent and read their duplicates as rejections.
  const r = await cola.enviarCola(COLA, canal, db, {
    quien: `${yo}-${randomUUID().slice(0, 8)}`,
    maxPasos: op.maxPasos ?? 20,
    ...(op.ahora ? { ahora: op.ahora } : {}),
  });
  if (r.ocupado) return { pasos: 0, enviados: 0, plan: 'esperar', motivo: 'ocupado' };
  const ultimo = r.ultimo && resumenPaso(r.ultimo, r.ultimo.ahora);
  return {
    pasos: r.pasos,
    enviados: r.enviados,
    plan: r.plan,
    ...(r.hasta === undefined ? {} : { hasta: r.hasta }),
    ...(r.motivo === undefined ? {} : { motivo: r.motivo }),
    ...(ultimo ? { ultimo } : {}),
  };
}

/** An accepted anulación: the invoice's altas leave the queue as `anulado`. */
async function marcarAnulada(tx: Scope, numSerie: string, fecha: string): Promise<void> {
  const altas = await tx.pick(
    { id: verifactuRegistros.id },
    verifactuRegistros,
    and(
      eq(verifactuRegistros.numSerieFactura, numSerie),
      eq(verifactuRegistros.fechaExpedicion, fecha),
      inArray(verifactuRegistros.clase, ['alta', 'subsanacion']),
    ),
  );
  if (!altas.length) return;
  await tx.update(
    verifactuCola,
    { estado: 'anulado' },
    and(
      inArray(
        verifactuCola.idRegistro,
        altas.map((a) => a.id),
      ),
      inArray(verifactuCola.estado, ['enviado', 'conerrores']),
    ),
  );
}

export type TrabajadorVerifactu = cola.Trabajador;

export interface OpcionesTrabajador extends OpcionesEnvio, cola.OpcionesTrabajador {}

/**
 * Started by main.ts (never by tests unless they ask): every `intervaloMs` it sends the pending records of each
 * VeriFactu company that has a destination and a certificate, honouring each company's wait (TiempoEsperaEnvio,
 * back-off).
 */
export function iniciarTrabajadorVerifactu(
  database: cola.Plataforma,
  secret: string,
  op: OpcionesTrabajador = {},
): TrabajadorVerifactu {
  return cola.iniciarTrabajador(
    database,
    {
      nombre: 'VeriFactu',
      empresas: (directorio) => directorio.companiesWith(verifactuCola, eq(verifactuCola.estado, 'generado')),
      // Only companies with a certificate and a destination (the AEAT or a URL) are sent for.
      async lista(s) {
        const cfg = await filaConfig(s);
        return Boolean(cfg?.certificado && (cfg.envioAeat || cfg.url !== null));
      },
      enviar: (s) => enviarPendientesDe(s, secret, op),
    },
    op,
  );
}
