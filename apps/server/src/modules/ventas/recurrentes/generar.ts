import { etiquetaPeriodo, type Periodicidad, periodosPendientes, siguienteFecha } from '@faro/domain';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { AppError } from '../../../platform/http/errors.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import type { CompanyDirectory } from '../../../platform/tenancy/directory.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import {
  empresa,
  facturasRecurrentesGeneradas as gen,
  plantillasRecurrentes as pr,
} from '../../../platform/tenancy/tables.ts';
import { cargarCabecera, crearDocumento, preparar } from '../documentos/documentosRepository.ts';
import { emitirFactura, TIPOS_FACTURA } from '../documentos/emitir.ts';
import { sincronizarStockVenta } from '../documentos/stockVentas.ts';
import { motorVenta } from '../ladoVenta.ts';
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
  scope: Scope,
  mailer: Mailer,
  id: number,
  hoy: string = hoyEnEspana(),
): Promise<ResultadoGeneracion> {
  const out: ResultadoGeneracion = { Generadas: [], Error: null };
  const inicial = await cargarPlantilla(scope, id);
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
      hecho = await scope.tx(async (s) => {
        const p = await cargarPlantilla(s, id, true);
        if (p.baja || p.proximaFecha !== periodo) throw new YaGenerado();
        const lineas = await cargarLineasPlantilla(s, id);
        const nota = `Periodo: ${etiquetaPeriodo(periodo, p.periodicidad as Periodicidad)}`;
        const prep = await preparar(s, comoDocumento(p, lineas, periodo, nota));
        const idFactura = await crearDocumento(s, 'factura', prep, p.idSerie);
        const [log] = await s
          .insert(gen, { idPlantilla: id, periodo, idFactura })
          .onConflictDoNothing()
          .returning({ periodo: gen.periodo });
        if (!log) throw new YaGenerado();
        let numSerie: string | null = null;
        if (p.accion === 'emitir' || p.accion === 'enviar') {
          // As the `emitir` route does: an issued invoice takes its products out of stock (when ActStock is on).
          const antesDelNumero = (t: Scope) => sincronizarStockVenta(t, idFactura, { comoEmitida: true });
          numSerie = (await emitirFactura(s, idFactura, { antesDelNumero })).numSerie;
        }
        await s.update(
          pr,
          {
            proximaFecha: siguienteFecha(periodo, p.periodicidad as Periodicidad, p.fechaInicio),
            ultimoPeriodo: periodo,
            ultimoError: null,
          },
          eq(pr.id, id),
        );
        return { idFactura, numSerie, enviar: p.accion === 'enviar' };
      });
    } catch (error) {
      if (error instanceof YaGenerado) break;
      const mensaje = mensajeDe(error);
      out.Error = `Periodo ${periodo}: ${mensaje}`;
      await scope.update(pr, { ultimoError: out.Error }, eq(pr.id, id));
      break;
    }
    if (!hecho) break;
    out.Generadas.push({ Periodo: periodo, IdFactura: hecho.idFactura, NumSerie: hecho.numSerie });
    if (hecho.enviar) await enviarFactura(scope, mailer, id, periodo, hecho.idFactura);
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
  s: Scope,
  mailer: Mailer,
  idPlantilla: number,
  periodo: string,
  idFactura: number,
): Promise<void> {
  const key = and(eq(gen.idPlantilla, idPlantilla), eq(gen.periodo, periodo));
  try {
    const h = await cargarCabecera(s, idFactura, TIPOS_FACTURA);
    // The same message as 'Enviar por email' of the invoice: the company's invoice template, its placeholders, the PDF.
    const { mail } = await motorVenta.prepararCorreo(s, h, {});
    await mailer.send(mail);
    await s.update(gen, { enviadaEn: sql`now()`, errorEnvio: null }, key);
  } catch (error) {
    await s.update(gen, { errorEnvio: mensajeDe(error) }, key).catch(() => {});
  }
}

/**
 * The background job's body: every active template of every company with the recurring-invoice module whose next
 * date is due (and within its end date) is generated. Returns a one-line summary for `trabajos`.
 */
export async function generarPendientes(
  companies: CompanyDirectory,
  mailer: Mailer,
  hoy: string = hoyEnEspana(),
): Promise<string> {
  const due = and(
    eq(pr.baja, false),
    lte(pr.proximaFecha, hoy),
    or(isNull(pr.fechaFin), lte(pr.proximaFecha, pr.fechaFin)),
  );
  let plantillas = 0;
  let facturas = 0;
  let errores = 0;
  for (const empresaId of await companies.companiesWith(pr, due)) {
    const scope = companies.scope(empresaId, TRABAJO);
    const [e] = await scope.company({
      activo: sql<boolean>`coalesce((${empresa.modulos} ->> 'ActFactRecurrentes')::boolean, false)`,
    });
    if (!e?.activo) continue;
    for (const p of await scope.pick({ id: pr.id }, pr, due).orderBy(asc(pr.id))) {
      plantillas++;
      const r = await generarPlantilla(scope, mailer, p.id, hoy);
      facturas += r.Generadas.length;
      if (r.Error) errores++;
    }
  }
  return `${plantillas} plantillas, ${facturas} facturas, ${errores} con error`;
}
