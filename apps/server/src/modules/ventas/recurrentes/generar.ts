import { etiquetaPeriodo, type Periodicidad, periodosPendientes, siguienteFecha } from '@faro/domain';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import {
  empresas,
  facturasRecurrentesGeneradas as gen,
  plantillasRecurrentes as pr,
} from '../../../platform/db/schema.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { cargarCabecera, crearDocumento, preparar } from '../documentos/documentosRepository.ts';
import { emitirFactura, TIPOS_FACTURA } from '../documentos/emitir.ts';
import { prepararCorreoDocumento } from '../documentos/envio.ts';
import { sincronizarStockVenta } from '../documentos/stockVentas.ts';
import { cargarLineasPlantilla, cargarPlantilla, comoDocumento } from './plantillasRepository.ts';

export interface ResultadoGeneracion {
  /** Periods generated now, with their invoice. */
  Generadas: { Periodo: string; IdFactura: number; NumSerie: string | null }[];
  /** Why generation stopped (the template's `ultimo_error`), null when every due period was generated. */
  Error: string | null;
}

class YaGenerado extends Error {}

/** Who generates (stock movements and audit records carry it): the user of `generar/{id}`, else the job. */
export interface Generador {
  personaId: number | null;
  userName: string;
}
const TRABAJO: Generador = { personaId: null, userName: 'Facturas recurrentes' };

/** Today in Spain (the date invoices are due on), yyyy-mm-dd. */
export function hoyEnEspana(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

/**
 * Generates the due periods of one template, each in ONE transaction: the template row is locked (a concurrent
 * generator waits, then sees the next date already advanced), the draft is created through the documents'
 * `preparar` + `crearDocumento` with the period in its notes, optionally issued with `emitirFactura`, the log row
 * (empresa_id, id_plantilla, periodo) is inserted ON CONFLICT DO NOTHING — a conflict rolls the whole period back —
 * and the next date advances. E-mail (mode `enviar`) goes after commit. The first failing period stops the template
 * (periods stay in order) and leaves its message in `ultimo_error`.
 */
export async function generarPlantilla(
  db: Db,
  mailer: Mailer,
  empresaId: number,
  id: number,
  hoy: string = hoyEnEspana(),
  quien: Generador = TRABAJO,
): Promise<ResultadoGeneracion> {
  const out: ResultadoGeneracion = { Generadas: [], Error: null };
  const inicial = await cargarPlantilla(db, empresaId, id);
  const pendientes = periodosPendientes(
    inicial.proximaFecha,
    inicial.periodicidad as Periodicidad,
    inicial.fechaInicio,
    hoy,
    inicial.fechaFin,
  );
  for (const periodo of pendientes) {
    let hecho: { idFactura: number; numSerie: string | null; enviar: boolean } | null = null;
    try {
      hecho = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const p = await cargarPlantilla(tx, empresaId, id, true);
        if (p.baja || p.proximaFecha !== periodo) throw new YaGenerado();
        const lineas = await cargarLineasPlantilla(tx, empresaId, id);
        const nota = `Periodo: ${etiquetaPeriodo(periodo, p.periodicidad as Periodicidad)}`;
        const prep = await preparar(tx, empresaId, comoDocumento(p, lineas, periodo, nota));
        const idFactura = await crearDocumento(tx, empresaId, 'factura', prep, p.idSerie);
        const [log] = await tx
          .insert(gen)
          .values({ empresaId, idPlantilla: id, periodo, idFactura })
          .onConflictDoNothing()
          .returning({ periodo: gen.periodo });
        if (!log) throw new YaGenerado();
        let numSerie: string | null = null;
        if (p.accion === 'emitir' || p.accion === 'enviar') {
          // As the `emitir` route does: an issued invoice takes its products out of stock (when ActStock is on).
          const antesDelNumero = (t: Db) =>
            sincronizarStockVenta(t, { empresaId, ...quien }, idFactura, { comoEmitida: true });
          numSerie = (await emitirFactura(tx, empresaId, idFactura, { antesDelNumero })).numSerie;
        }
        await tx
          .update(pr)
          .set({
            proximaFecha: siguienteFecha(periodo, p.periodicidad as Periodicidad, p.fechaInicio),
            ultimoPeriodo: periodo,
            ultimoError: null,
          })
          .where(and(eq(pr.empresaId, empresaId), eq(pr.id, id)));
        return { idFactura, numSerie, enviar: p.accion === 'enviar' };
      });
    } catch (error) {
      if (error instanceof YaGenerado) break;
      const mensaje = mensajeDe(error);
      out.Error = `Periodo ${periodo}: ${mensaje}`;
      await db
        .update(pr)
        .set({ ultimoError: out.Error })
        .where(and(eq(pr.empresaId, empresaId), eq(pr.id, id)));
      break;
    }
    if (!hecho) break;
    out.Generadas.push({ Periodo: periodo, IdFactura: hecho.idFactura, NumSerie: hecho.numSerie });
    if (hecho.enviar) await enviarFactura(db, mailer, empresaId, id, periodo, hecho.idFactura);
  }
  return out;
}

function mensajeDe(error: unknown): string {
  if (error instanceof AppError) {
    return error.errores.length ? error.errores.map((c) => c.Mensaje).join('; ') : error.message;
  }
  return 'Error inesperado al generar la factura';
}

/** Mails the issued invoice's PDF to the customer (outbox when no SMTP) and records it on the log row. */
async function enviarFactura(
  db: Db,
  mailer: Mailer,
  empresaId: number,
  idPlantilla: number,
  periodo: string,
  idFactura: number,
): Promise<void> {
  const key = and(eq(gen.empresaId, empresaId), eq(gen.idPlantilla, idPlantilla), eq(gen.periodo, periodo));
  try {
    const h = await cargarCabecera(db, empresaId, idFactura, TIPOS_FACTURA);
    // The same message as 'Enviar por email' of the invoice: the company's invoice template, its placeholders, the PDF.
    const { mail } = await prepararCorreoDocumento(db, empresaId, h, {});
    await mailer.send(mail);
    await db.update(gen).set({ enviadaEn: sql`now()`, errorEnvio: null }).where(key);
  } catch (error) {
    await db
      .update(gen)
      .set({ errorEnvio: mensajeDe(error) })
      .where(key)
      .catch(() => {});
  }
}

/**
 * The background job's body: every active template of every company with the recurring-invoice module whose next
 * date is due (and within its end date) is generated. Returns a one-line summary for `trabajos`.
 */
export async function generarPendientes(db: Db, mailer: Mailer, hoy: string = hoyEnEspana()): Promise<string> {
  const due = await db
    .select({ empresaId: pr.empresaId, id: pr.id })
    .from(pr)
    .innerJoin(empresas, eq(empresas.id, pr.empresaId))
    .where(
      and(
        eq(pr.baja, false),
        lte(pr.proximaFecha, hoy),
        or(isNull(pr.fechaFin), lte(pr.proximaFecha, pr.fechaFin)),
        sql`coalesce((${empresas.modulos} ->> 'ActFactRecurrentes')::boolean, false)`,
      ),
    )
    .orderBy(asc(pr.empresaId), asc(pr.id));
  let facturas = 0;
  let errores = 0;
  for (const p of due) {
    const r = await generarPlantilla(db, mailer, p.empresaId, p.id, hoy);
    facturas += r.Generadas.length;
    if (r.Error) errores++;
  }
  return `${due.length} plantillas, ${facturas} facturas, ${errores} con error`;
}
