import { facturaUbl } from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { Mail } from '../../../platform/mail/mailer.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { clientesTable, col, type efacturaEnvios } from '../../../platform/tenancy/tables.ts';
import { motorVenta } from '../../ventas/ladoVenta.ts';
import { cargarFacturaElectronica } from '../modelo.ts';
import { describirReglas } from '../reglas.ts';
import { MSG_EFACTURA } from '../rutas.ts';
import { fatales, validarEn16931 } from '../validador.ts';
import { type ConfigEfactura, dentroDelPrimerAno } from './config.ts';

/** A queue row as stored. */
export type FilaEnvio = typeof efacturaEnvios.$inferSelect;

/** An invoice ready to go: its identity, the validated UBL, the PDF when it goes alongside, the customer's addresses. */
export interface FacturaPreparada {
  fila: FilaEnvio;
  numero: string;
  fecha: string;
  nifEmisor: string;
  nifReceptor: string;
  ubl: string;
  pdf: Buffer | null;
  email: string | null;
  peppolId: string | null;
}

/** The verdict of a channel on one invoice. */
export type ResultadoEnvio =
  | { ok: true; numeroRegistro?: string; conPdf: boolean }
  | { ok: false; codigo: string; mensaje: string };

export type Preparacion = { ok: true; factura: FacturaPreparada } | { ok: false; codigo: string; mensaje: string };

export const MSG_ENVIO_EFACTURA = {
  anulada: 'La factura está anulada: no se envía',
  sinNif: 'La factura no tiene NIF del cliente',
} as const;

/** What every channel has to send for one invoice; a problem of this invoice comes back as its own rejection. */
export interface ContextoEnvio {
  s: Scope;
  config: ConfigEfactura;
  enviarCorreo: (mail: Mail) => Promise<void>;
}

/**
 * Loads an issued invoice for a channel: the UBL under EN 16931 checked against the CEN rules, and the readable PDF
 * when it goes alongside (the first 12 months, unless the customer opted out).
 */
export async function prepararFactura(ctx: ContextoEnvio, fila: FilaEnvio): Promise<Preparacion> {
  try {
    const { cabecera, factura } = await cargarFacturaElectronica(ctx.s, fila.idDocumento);
    if (cabecera.estado === 'Anulada') return { ok: false, codigo: 'anulada', mensaje: MSG_ENVIO_EFACTURA.anulada };
    const c = (f: string) => col(clientesTable, f);
    const [cliente] = (await ctx.s.pick(
      { email: c('Email'), peppolId: c('PeppolId'), sinPdf: c('EfacturaSinPdf') },
      clientesTable,
      eq(c('Id'), cabecera.idTercero),
    )) as { email: string | null; peppolId: string | null; sinPdf: boolean }[];
    const ubl = facturaUbl(factura, { version: '2.1' });
    const errores = fatales(await validarEn16931(ubl));
    if (errores.length) return { ok: false, codigo: 'en16931', mensaje: MSG_EFACTURA.norma(describirReglas(errores)) };
    const conPdf = !cliente?.sinPdf && dentroDelPrimerAno(ctx.config.inicioEfactura);
    return {
      ok: true,
      factura: {
        fila,
        numero: cabecera.numSerie ?? '',
        fecha: cabecera.fecha,
        nifEmisor: factura.Emisor.Nif ?? '',
        nifReceptor: cabecera.terceroNif ?? '',
        ubl,
        pdf: conPdf ? await pdfDe(ctx.s, cabecera.id) : null,
        email: cliente?.email ?? null,
        peppolId: cliente?.peppolId ?? null,
      },
    };
  } catch (error) {
    // The invoice's own problem (gone, not issued): it is rejected by itself and blocks nobody.
    return { ok: false, codigo: 'factura', mensaje: (error as Error).message };
  }
}

/** The invoice's readable PDF, as its screen prints it. */
export async function pdfDe(s: Scope, id: number): Promise<Buffer> {
  const tipos = ['factura', 'simplificada', 'rectificativa'];
  const h = await motorVenta.cargarCabecera(s, id, tipos);
  const lineas = await motorVenta.cargarLineas(s, [id]);
  const rectificada = h.idRectificada
    ? await motorVenta.cargarCabecera(s, h.idRectificada, tipos).catch(() => null)
    : null;
  return motorVenta.pdfDocumento(s, h, lineas, rectificada);
}

/**
 * Runs `enviar` on the invoices that prepared well and puts every verdict back in the batch's order (the ones that
 * did not prepare are rejected with their own reason). A channel's transport answer stands for the whole batch.
 */
export async function enviarPreparadas<E extends { tipo: string }>(
  ctx: ContextoEnvio,
  lote: readonly FilaEnvio[],
  enviar: (facturas: FacturaPreparada[]) => Promise<{ tipo: 'ok'; resultado: ResultadoEnvio[] } | E>,
): Promise<{ tipo: 'ok'; resultado: ResultadoEnvio[] } | E> {
  const preparadas = await Promise.all(lote.map((f) => prepararFactura(ctx, f)));
  const buenas = preparadas.flatMap((p) => (p.ok ? [p.factura] : []));
  const respuesta = buenas.length ? await enviar(buenas) : { tipo: 'ok' as const, resultado: [] };
  if (!esOk(respuesta)) return respuesta;
  let i = 0;
  const resultado = preparadas.map((p): ResultadoEnvio => (p.ok ? respuesta.resultado[i++]! : p));
  return { tipo: 'ok', resultado };
}

const esOk = (r: { tipo: string }): r is { tipo: 'ok'; resultado: ResultadoEnvio[] } => r.tipo === 'ok';
