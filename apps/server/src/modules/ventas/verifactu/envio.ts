import { randomUUID } from 'node:crypto';
import type { RegistroFacturacion } from '@faro/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors.ts';
import { type CompanyDirectory, companyDirectory } from '../../../platform/tenancy/directory.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { verifactuCola, verifactuEnvio, verifactuRegistros } from '../../../platform/tenancy/tables.ts';
import { type ClienteAeat, crearClienteAeat, type ResultadoEnvio } from '../../../verifactu/clienteSoap.ts';
import { filaDeCola, pasoDeCola } from '../../../verifactu/cola.ts';
import {
  ESTADO_ENVIO_INICIAL,
  type EstadoEnvioEmpresa,
  type OpcionesPlanificador,
  type Plan,
} from '../../../verifactu/planificador.ts';
import { cargarConfiguracion, cargarEmpresa, destinoDe, filaConfig, MSG_VF, usaVerifactu } from './configuracion.ts';

/** The platform's database as the jobs receive it (only handed to the company directory). */
type Plataforma = Parameters<typeof companyDirectory>[0]['database'];

/**
 * The VeriFactu queue worker (fventaverifactu). One sender per company: a lease row (`verifactu_envio.bloqueado_*`)
 * taken with a conditional UPDATE, so two processes (or the timer and a "send now") never send the same company's
 * records at once, and a crashed sender's lease simply expires. Everything lives in PostgreSQL/PGlite: queue rows,
 * the planner's send state (TiempoEsperaEnvio, back-off, incident mode), the last answer. Each step is the core's
 * `pasoDeCola`: ≤ 1,000 records in generation order, a rejected record never blocks the others.
 */

const LEASE_MS = 5 * 60_000;
const MAX_FILAS = 5_000;
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

async function asegurarEnvio(s: Scope): Promise<void> {
  await s.insert(verifactuEnvio, { estado: ESTADO_ENVIO_INICIAL }).onConflictDoNothing();
}

/** Takes the company's sender lease; false when another sender holds it. */
export async function tomarTurno(s: Scope, quien = yo): Promise<boolean> {
  await asegurarEnvio(s);
  const hasta = new Date(Date.now() + LEASE_MS).toISOString();
  const filas = await s
    .update(
      verifactuEnvio,
      { bloqueadoPor: quien, bloqueadoHasta: hasta },
      sql`(${verifactuEnvio.bloqueadoHasta} is null or ${verifactuEnvio.bloqueadoHasta} < now() or ${verifactuEnvio.bloqueadoPor} = ${quien})`,
    )
    .returning({ id: verifactuEnvio.empresaId });
  return filas.length === 1;
}

export async function soltarTurno(s: Scope, quien = yo): Promise<void> {
  await s.update(verifactuEnvio, { bloqueadoPor: null, bloqueadoHasta: null }, eq(verifactuEnvio.bloqueadoPor, quien));
}

export async function estadoEnvio(s: Scope): Promise<EstadoEnvioEmpresa> {
  const [row] = await s.pick({ estado: verifactuEnvio.estado }, verifactuEnvio);
  return (row?.estado as EstadoEnvioEmpresa | undefined) ?? ESTADO_ENVIO_INICIAL;
}

/** "Send now": forget back-offs and a configuration block (the user says it is fixed); TiempoEsperaEnvio stays. */
export async function reintentarAhora(s: Scope): Promise<void> {
  await asegurarEnvio(s);
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
 * Throws a 400 when the company has no destination or certificate; returns `plan: 'ocupado'`-like 'esperar' when
 * another sender holds the lease.
 */
export async function enviarPendientes(
  database: Plataforma,
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
  if (!(await tomarTurno(db))) return { pasos: 0, enviados: 0, plan: 'esperar', motivo: 'ocupado' };
  const ca = op.ca ?? process.env.FARO_VERIFACTU_CA;
  const cliente = op.cliente
    ? op.cliente({ url, pfx: cfg.certificado.pfx, passphrase: cfg.certificado.passphrase })
    : crearClienteAeat({
        url,
        pfx: cfg.certificado.pfx,
        passphrase: cfg.certificado.passphrase,
        ...(ca ? { ca } : {}),
        ...(op.timeoutMs ? { timeoutMs: op.timeoutMs } : {}),
      });
  const ahora = op.ahora ?? Date.now;
  const out: ResumenEnvio = { pasos: 0, enviados: 0, plan: 'nada' };
  try {
    for (let paso = 0; paso < (op.maxPasos ?? 20); paso++) {
      const filas = await db
        .pick({ c: verifactuCola, r: verifactuRegistros }, verifactuCola, eq(verifactuCola.estado, 'generado'))
        .innerJoin(verifactuRegistros, db.on(verifactuRegistros, eq(verifactuRegistros.id, verifactuCola.idRegistro)))
        .orderBy(asc(verifactuRegistros.id))
        .limit(MAX_FILAS);
      const registros = new Map(filas.map((f) => [String(f.r.id), f.r.registro as RegistroFacturacion]));
      const enCola = filas.map((f) => ({
        ...filaDeCola(String(f.r.id), f.r.id, f.r.registro as RegistroFacturacion),
        intentos: f.c.intentos,
        noAntesDe: f.c.noAntesDe,
        loteMaximo: f.c.loteMaximo,
        retrasado: f.c.retrasado,
      }));
      const estado = await estadoEnvio(db);
      const t = ahora();
      const paso1 = await pasoDeCola({
        filas: enCola,
        estado,
        registro: (id) => registros.get(id)!,
        cabecera: { ObligadoEmision: { NombreRazon: e.nombre, NIF: e.nif.toUpperCase() } },
        cliente,
        ahora: t,
        opciones: op.planificador,
      });
      out.plan = paso1.plan.accion;
      if (paso1.plan.accion !== 'enviar') {
        if (paso1.plan.accion === 'esperar') {
          out.hasta = paso1.plan.hasta;
          out.motivo = paso1.plan.motivo;
        }
        break;
      }
      out.pasos++;
      const n = paso1.plan.ids.length;
      await db.tx(async (tx) => {
        for (const c of paso1.cambios) {
          const set: Partial<typeof verifactuCola.$inferInsert> = { actualizado: new Date(t).toISOString() };
          if (c.estado !== undefined) set.estado = c.estado;
          if (c.intentos !== undefined) set.intentos = c.intentos;
          if (c.noAntesDe !== undefined) set.noAntesDe = c.noAntesDe;
          if (c.loteMaximo !== undefined) set.loteMaximo = c.loteMaximo;
          if (c.retrasado !== undefined) set.retrasado = c.retrasado;
          if (c.CodigoErrorRegistro !== undefined) set.codigoError = c.CodigoErrorRegistro;
          if (c.DescripcionErrorRegistro !== undefined) set.descripcionError = c.DescripcionErrorRegistro;
          if (c.CSV !== undefined) set.csv = c.CSV;
          if (c.estado && c.estado !== 'generado') set.enviado = new Date(t).toISOString();
          await tx.update(verifactuCola, set, eq(verifactuCola.idRegistro, Number(c.id)));
          if (c.anula) await marcarAnulada(tx, c.anula.NumSerieFactura, c.anula.FechaExpedicionFactura);
        }
        await tx.update(
          verifactuEnvio,
          {
            estado: paso1.estado,
            ultimoEnvio: new Date(t).toISOString(),
            ...(paso1.resultado ? { ultimoResultado: resumen(paso1.resultado, n, t) } : {}),
          },
          undefined,
        );
      });
      if (paso1.resultado) out.ultimo = resumen(paso1.resultado, n, t);
      out.enviados += paso1.cambios.filter((c) => c.estado && c.estado !== 'generado').length;
    }
  } finally {
    cliente.cerrar();
    await soltarTurno(db);
  }
  return out;
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

// ---------------------------------------------------------------------------------------------------------------
// The timer in the server process

export interface TrabajadorVerifactu {
  /** One pass over every company with pending records (also what the timer runs). */
  pasada(): Promise<void>;
  detener(): Promise<void>;
}

export interface OpcionesTrabajador extends OpcionesEnvio {
  intervaloMs?: number;
  log?: (mensaje: string) => void;
}

/**
 * Started by main.ts (never by tests unless they ask): every `intervaloMs` it sends the pending records of each
 * VeriFactu company that has a destination and a certificate, honouring each company's wait (TiempoEsperaEnvio,
 * back-off). Stoppable: `detener()` waits for the pass in progress.
 */
export function iniciarTrabajadorVerifactu(
  database: Plataforma,
  secret: string,
  op: OpcionesTrabajador = {},
): TrabajadorVerifactu {
  const intervalo = op.intervaloMs ?? 15_000;
  let parado = false;
  let temporizador: NodeJS.Timeout | null = null;
  let enCurso: Promise<void> | null = null;
  const esperaHasta = new Map<number, number>();

  const pasada = async () => {
    const empresas: CompanyDirectory = companyDirectory({ database });
    for (const id of await empresas.companiesWith(verifactuCola, eq(verifactuCola.estado, 'generado'))) {
      if (parado) return;
      if ((esperaHasta.get(id) ?? 0) > Date.now()) continue;
      const scope = empresas.scope(id);
      // Only companies with a certificate and a destination (the AEAT or a URL) are sent for.
      const cfg = await filaConfig(scope);
      if (!cfg?.certificado || !(cfg.envioAeat || cfg.url !== null)) continue;
      try {
        const r = await enviarPendientesDe(scope, secret, op);
        if (r.hasta) esperaHasta.set(id, r.hasta);
        else esperaHasta.delete(id);
        if (r.pasos) op.log?.(`VeriFactu: empresa ${id}, ${r.enviados} registros enviados en ${r.pasos} envíos`);
      } catch (error) {
        op.log?.(`VeriFactu: empresa ${id}: ${(error as Error).message}`);
      }
    }
  };
  const ciclo = () => {
    if (parado) return;
    enCurso = pasada()
      .catch((error) => op.log?.(`VeriFactu: ${(error as Error).message}`))
      .finally(() => {
        enCurso = null;
        if (!parado) {
          temporizador = setTimeout(ciclo, intervalo);
          temporizador.unref?.();
        }
      });
  };
  temporizador = setTimeout(ciclo, Math.min(intervalo, 2_000));
  temporizador.unref?.();
  return {
    pasada: () => pasada(),
    async detener() {
      parado = true;
      if (temporizador) clearTimeout(temporizador);
      await enCurso;
    },
  };
}
