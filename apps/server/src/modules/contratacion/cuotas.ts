import { ACCOUNT_TYPES, type DocumentoVentaInput, planDe } from '@faro/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Plataforma } from '../../platform/admin/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { clientesTable as cl, col, tiposivaTable as ti } from '../../platform/tenancy/tables.ts';
import { formaPagoRecibo } from '../formacion/facturacion.ts';
import { crearDocumento, preparar } from '../ventas/documentos/documentosRepository.ts';
import { emitirFactura } from '../ventas/documentos/emitir.ts';
import { motorVenta } from '../ventas/ladoVenta.ts';

const MESES = 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' ');
export const MSG_CUOTAS = {
  sinEmisora:
    'No está configurada la empresa de la plataforma que emite las cuotas (variable FARO_EMPRESA_PLATAFORMA con su código)',
  emisoraNoExiste: (c: string) => `La empresa de la plataforma ${c} no existe`,
  propia: 'La empresa de la plataforma no se factura la cuota a sí misma',
  yaFacturada: (p: string, n: string | null) => `La cuota de ${p} ya está facturada${n ? ` (${n})` : ''}`,
  sinNif: 'La empresa no tiene NIF: complétalo antes de facturar su cuota',
  sinFactura: 'No hay factura de la cuota de ese periodo',
} as const;

/** The platform company's id and scope (the issuer of the fee invoices). */
async function emisora(deps: Pick<AppDeps, 'database' | 'config'>) {
  const codigo = deps.config.empresaPlataforma;
  if (!codigo) throw badRequest(MSG_CUOTAS.sinEmisora);
  const companies = companyDirectory(deps);
  const id = await companies.companyByCode(codigo, [...ACCOUNT_TYPES]);
  if (!id) throw badRequest(MSG_CUOTAS.emisoraNoExiste(codigo));
  return { id, scope: companies.scope(id, { personaId: null, userName: 'plataforma' }) };
}

/** The 21 % VAT type of the issuer (the fee is a standard-rated service), else its first active one. */
async function ivaGeneral(t: Scope): Promise<string> {
  const [row] = await t
    .pick({ Valor: col(ti, 'Valor') }, ti, eq(col(ti, 'Baja'), false))
    .orderBy(desc(sql`${col(ti, 'PorcentajeIva')} = 21`), asc(col(ti, 'Valor')))
    .limit(1);
  if (!row) throw badRequest('La empresa de la plataforma no tiene tipos de IVA');
  return String(row.Valor);
}

/** The subscriber as a customer of the platform company: found by NIF, else created from its fiscal data. */
async function clienteDe(t: Scope, s: Awaited<ReturnType<Plataforma['cuotas']['suscriptor']>>): Promise<number> {
  const [found] = await t.pick({ Id: col(cl, 'Id') }, cl, eq(col(cl, 'NIF'), s.NIF)).limit(1);
  if (found) return Number(found.Id);
  const [nuevo] = await t
    .insert(cl, {
      Nombre: s.Nombre,
      NIF: s.NIF,
      Direccion: s.Direccion,
      CodPostal: s.CodPostal,
      Poblacion: s.Poblacion,
      Pais: 'ES',
      Email: s.Email,
      IBAN: s.Iban,
    } as never)
    .returning({ Id: cl.Id });
  return Number(nuevo!.Id);
}

/**
 * Issues the month's subscription fee of a company (`periodo` yyyy-mm): one invoice of the platform company to the
 * subscriber through the sales engine (`preparar` → `crearDocumento` → `emitirFactura`, so it is numbered, chained
 * and sent to VeriFactu like any other invoice), paid by direct debit; recorded once per company and month.
 */
export async function facturarCuota(
  deps: Pick<AppDeps, 'database' | 'config'>,
  p: Plataforma,
  empresaId: number,
  periodo: string,
  fecha: string,
) {
  const e = await emisora(deps);
  if (e.id === empresaId) throw badRequest(MSG_CUOTAS.propia);
  const ya = await p.cuotas.de(empresaId, periodo);
  if (ya) throw new AppError(409, MSG_CUOTAS.yaFacturada(periodo, ya.NumSerie));
  const sus = await p.cuotas.suscriptor(empresaId);
  if (!sus.NIF) throw badRequest(MSG_CUOTAS.sinNif);
  const plan = planDe(sus.Plan) ?? planDe('basico')!;
  const [anyo, mes] = periodo.split('-');
  const emitida = await e.scope.tx(async (t) => {
    const input = {
      Cliente: await clienteDe(t, sus),
      Fecha: fecha,
      IdFormaPago: await formaPagoRecibo(t),
      Observaciones: `Mandato SEPA ${sus.ReferenciaPago ?? ''}`.trim(),
      Lineas: [
        {
          Descripcion: `Faro, plan ${plan.Nombre}: cuota de ${MESES[Number(mes) - 1]} de ${anyo}`,
          Cantidad: '1',
          Precio: String(plan.PrecioMes),
          TipoIva: await ivaGeneral(t),
        },
      ],
    } as DocumentoVentaInput;
    const id = await crearDocumento(t, 'factura', await preparar(t, input), null);
    const h = await emitirFactura(t, id);
    return { id, numSerie: h.numSerie, total: String(h.total) };
  });
  await p.cuotas.registrar({
    empresaId,
    Periodo: periodo,
    Plan: plan.Codigo,
    IdEmisora: e.id,
    IdFactura: emitida.id,
    NumSerie: emitida.numSerie,
    Total: emitida.total,
  });
  return { Periodo: periodo, NumSerie: emitida.numSerie, Total: emitida.total };
}

/** The PDF of a company's fee invoice, rendered by the issuer's sales engine. */
export async function pdfCuota(
  deps: Pick<AppDeps, 'database' | 'config'>,
  p: Plataforma,
  empresaId: number,
  periodo: string,
) {
  const row = await p.cuotas.de(empresaId, periodo);
  if (!row) throw new AppError(404, MSG_CUOTAS.sinFactura);
  const s = companyDirectory(deps).scope(row.IdEmisora, { personaId: null, userName: 'plataforma' });
  const h = await motorVenta.cargarCabecera(s, row.IdFactura, ['factura']);
  return motorVenta.pdfDocumento(s, h, await motorVenta.cargarLineas(s, [row.IdFactura]), null);
}

export const periodoValido = (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** Today in Spain (yyyy-mm-dd). */
const hoyEnEspana = (ahora: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(ahora);

/**
 * The subscriptions' month, for the job runner: at the start of each month (Spanish time) the downgrades chosen
 * during the previous one take effect, then — when the platform company is configured — every company in
 * production, signed and not suspended gets the month's fee invoice, once (a company that fails, e.g. without NIF,
 * is named in the result and tried again on the next run).
 */
export async function cerrarMesSuscripciones(
  deps: Pick<AppDeps, 'database' | 'config'>,
  p: Plataforma,
  ahora = new Date(),
): Promise<{ Periodo: string; CambiosDePlan: number; Facturadas: string[]; Errores: string[] }> {
  const hoy = hoyEnEspana(ahora);
  const periodo = hoy.slice(0, 7);
  // Midnight of the 1st in Madrid, as an instant (the offset is that of the 1st, 01:00 or 02:00 ahead of UTC).
  const primero = new Date(`${periodo}-01T00:00:00Z`);
  const desfase = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hour: 'numeric', hourCycle: 'h23' }).format(primero),
  );
  const inicio = new Date(primero.getTime() - desfase * 3_600_000);
  const cambios = await p.cuotas.aplicarCambiosDePlan(inicio);
  const facturadas: string[] = [];
  const errores: string[] = [];
  if (deps.config.empresaPlataforma) {
    const e = await emisora(deps);
    for (const empresaId of await p.cuotas.porFacturar(periodo, e.id)) {
      try {
        facturadas.push((await facturarCuota(deps, p, empresaId, periodo, hoy)).NumSerie ?? '');
      } catch (error) {
        errores.push(`empresa ${empresaId}: ${(error as Error).message}`);
      }
    }
  }
  return { Periodo: periodo, CambiosDePlan: cambios.length, Facturadas: facturadas, Errores: errores };
}

/** The job (platform/jobs) that runs `cerrarMesSuscripciones` every few hours; harmless when nothing is due. */
export function trabajoCuotasMensuales(deps: Pick<AppDeps, 'database' | 'config'>, p: Plataforma, horas = 6): Job {
  return {
    nombre: 'cuotas-suscripciones',
    intervaloSegundos: horas * 3600,
    async run() {
      const r = await cerrarMesSuscripciones(deps, p);
      return `${r.Periodo}: ${r.CambiosDePlan} cambios de plan, ${r.Facturadas.length} cuotas facturadas${
        r.Errores.length ? `, ${r.Errores.length} con error (${r.Errores.join('; ')})` : ''
      }`;
    },
  };
}
