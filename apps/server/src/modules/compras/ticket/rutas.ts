import { randomUUID } from 'node:crypto';
import {
  add,
  compare,
  type DatosCompraInput,
  type DocumentoCompraInput,
  dec,
  desglosarTotal,
  detectFileType,
  isZero,
  leerTicket,
  MSG,
  MSG_TICKET,
  normalizeTaxId,
  sub,
  type TicketGastoInput,
  ticketGastoSchema,
  tiposDelTicket,
  toFixed,
  ZERO,
} from '@faro/domain';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError, badRequest, fieldError, forbidden } from '../../../platform/http/errors.ts';
import {
  assertCleanInput,
  assertJsonBounds,
  CARACTERES_NO_VALIDOS,
  isCleanText,
} from '../../../platform/http/inputGuard.ts';
import { ensureMultipart, type Upload } from '../../../platform/http/uploads.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import {
  col,
  datosCompra,
  documentosCompra,
  ficheros,
  proveedoresTable,
  tesoreriaTable,
  tiposivaTable,
} from '../../../platform/tenancy/tables.ts';
import { hoyEspana } from '../../documentos/vencimientos.ts';
import { ADJUNTO_LIMITE_KB } from '../adjuntos.ts';
import { motorCompra } from '../ladoCompra.ts';
import { leerTextoTicket } from './lector.ts';

/**
 * The phone expense flow: `POST /api/compras/fgasto/ticket/leer` reads a ticket's photo or PDF and answers the
 * suggested fields with their confidence (nothing is stored); `POST /api/compras/fgasto/ticket` books what the
 * person confirmed — an expense registered on the ticket's date (total WITH VAT split by the domain's rounding, the
 * merchant's name kept even on the "Proveedores varios" supplier), its payment by card or cash from the chosen
 * account, and the photo as its original — in one transaction. Multipart: the file in `fichero`, the confirmed
 * fields as JSON in `datos`.
 */
export function registrarTicketGasto(app: FastifyInstance, deps: AppDeps): void {
  ensureMultipart(app);
  const def = motorCompra.lado.recursos.fgasto!;
  const config = { access: access.permission(def.permission, 2, def.module) };
  const schema = (summary: string) => ({ schema: { tags: ['compras'], summary } });

  app.post(
    '/api/compras/fgasto/ticket/leer',
    { config, ...schema('Ticket de gasto: leer la foto o el PDF') },
    async (request) => {
      const { fichero } = await partes(request);
      if (!fichero) throw badRequest(MSG.fileMissing);
      const tipo = detectFileType(fichero.bytes);
      if (!tipo) throw badRequest(MSG.fileType);
      const leido = await leerTextoTicket(fichero.bytes, tipo);
      if (!leido.ok) {
        if (leido.motivo === 'grande') throw badRequest(MSG.fileTooBig(ADJUNTO_LIMITE_KB));
        const Aviso = leido.motivo === 'lento' ? MSG_TICKET.lecturaLenta : MSG_TICKET.sinTexto;
        return { Lectura: leerTicket(''), Origen: null, Aviso };
      }
      const Lectura = leerTicket(leido.texto);
      const algo = Lectura.Total || Lectura.Fecha || Lectura.NIF || Lectura.Comercio;
      return { Lectura, Origen: leido.origen, Aviso: algo ? null : MSG_TICKET.sinTexto };
    },
  );

  app.post(
    '/api/compras/fgasto/ticket',
    { config, ...schema('Ticket de gasto: registrar y pagar') },
    async (request, reply) => {
      const { datos, fichero } = await partes(request);
      const ticket = parseBody(ticketGastoSchema, datos) as TicketGastoInput;
      // Paying is a treasury movement: the payments' own permission too, as their route asks it (checked once the
      // request is read, so that a malformed one is the same 400 for everyone).
      if ((request.ctx?.permisos.TesoMovsCajaBanco ?? 0) < 2) throw forbidden();
      const tipo = fichero ? detectFileType(fichero.bytes) : null;
      if (fichero && !tipo) throw badRequest(MSG.fileType);
      const scope = deps.scopeOf(request);
      const hecho = await scope.tx(async (t) => {
        const id = await crearGasto(t, ticket);
        const h = await motorCompra.emitir(t, id);
        const pago = await motorCompra.registrarPago(t, {
          IdFactura: id,
          Fecha: ticket.Fecha,
          Importe: h.total,
          IdTesoreria: ticket.IdTesoreria,
          Notas: ticket.FormaPago === 'tarjeta' ? 'Ticket pagado con tarjeta' : 'Ticket pagado en efectivo',
        });
        if (fichero && tipo) {
          const [f] = await t
            .insert(ficheros, {
              clave: randomUUID(),
              nombre: fichero.filename.slice(0, 200),
              tipo,
              tamano: fichero.bytes.length,
              datos: fichero.bytes,
            })
            .returning({ id: ficheros.id });
          await t.update(datosCompra, { idFichero: f!.id }, eq(datosCompra.idDocumento, id));
        }
        return { h, pago };
      });
      return reply.status(201).send({
        Id: hecho.h.id,
        NumSerie: hecho.h.numSerie,
        Fecha: hecho.h.fecha,
        BaseImponible: hecho.h.baseImponible,
        TotalIva: hecho.h.totalIva,
        Total: hecho.h.total,
        Diferencia: toFixed(sub(dec(ticket.Total), dec(hecho.h.total)), 2),
        IdPago: hecho.pago.Id,
        ProveedorNombre: ticket.Comercio,
        Adjunto: fichero ? { Nombre: fichero.filename.slice(0, 200), Tipo: tipo, Tamano: fichero.bytes.length } : null,
      });
    },
  );
}

/** The file and the `datos` field of a multipart request (either may be absent; the caller decides). */
async function partes(request: FastifyRequest): Promise<{ datos: unknown; fichero: Upload | null }> {
  if (!request.isMultipart()) throw badRequest(MSG.fileMissing);
  let texto: string | null = null;
  let fichero: Upload | null = null;
  try {
    for await (const parte of request.parts({ limits: { fileSize: ADJUNTO_LIMITE_KB * 1024 } })) {
      if (parte.type === 'file') {
        const bytes = await parte.toBuffer();
        if (parte.file.truncated) throw badRequest(MSG.fileTooBig(ADJUNTO_LIMITE_KB));
        // The file name is stored and shown: the input guard's rule, as for every upload.
        if (!isCleanText(parte.filename ?? '', 'url')) throw badRequest(CARACTERES_NO_VALIDOS);
        if (bytes.length) fichero = { filename: parte.filename || 'ticket', bytes };
      } else if (parte.fieldname === 'datos' && typeof parte.value === 'string') texto = parte.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(MSG.fileTooBig(ADJUNTO_LIMITE_KB));
    throw badRequest(MSG.fileMissing);
  }
  if (texto === null) return { datos: {}, fichero };
  let datos: unknown;
  try {
    assertJsonBounds(texto);
    datos = JSON.parse(texto);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(MSG_TICKET.datosNoValidos);
  }
  assertCleanInput(datos);
  if (!datos || typeof datos !== 'object' || Array.isArray(datos)) throw badRequest(MSG_TICKET.datosNoValidos);
  return { datos, fichero };
}

/** The company's active VAT type (IVA, not exempt) of a rate: '21' → IVA21. */
async function tipoIvaDe(t: Scope, porcentaje: string): Promise<string> {
  const c = (f: string) => col(tiposivaTable, f);
  const [row] = await t
    .pick(
      { v: c('Valor') },
      tiposivaTable,
      and(
        eq(c('Impuesto'), 'IVA'),
        eq(c('PorcentajeIva'), toFixed(dec(porcentaje), 2)),
        isNull(c('Exencion')),
        or(isNull(c('Baja')), eq(c('Baja'), false)),
      ),
    )
    .orderBy(asc(c('Valor')))
    .limit(1);
  if (!row) throw fieldError('PorcentajeIva', MSG_TICKET.sinTipoIva(porcentaje));
  return row.v as string;
}

/** The account the ticket was paid from: the company's, not withdrawn, a cash box for cash and a bank for a card. */
async function comprobarCuenta(t: Scope, ticket: TicketGastoInput): Promise<void> {
  const c = (f: string) => col(tesoreriaTable, f);
  const [cuenta] = await t.pick({ tipo: c('Tipo'), baja: c('Baja') }, tesoreriaTable, eq(c('Id'), ticket.IdTesoreria));
  if (!cuenta || cuenta.baja) throw fieldError('IdTesoreria', MSG_TICKET.cuentaNoValida);
  if (cuenta.tipo !== (ticket.FormaPago === 'efectivo' ? 'caja' : 'banco'))
    throw fieldError('IdTesoreria', MSG_TICKET.cuentaDeOtroTipo(ticket.FormaPago));
}

/** A supplier of the company with the ticket's tax id: the expense is booked on it instead of "Proveedores varios". */
async function proveedorPorNif(t: Scope, nif: string | null | undefined): Promise<number | null> {
  if (!nif) return null;
  const c = (f: string) => col(proveedoresTable, f);
  const [row] = await t
    .pick(
      { id: c('Id') },
      proveedoresTable,
      and(eq(c('NIF'), normalizeTaxId(nif)), or(isNull(c('Baja')), eq(c('Baja'), false))),
    )
    .orderBy(asc(c('Id')))
    .limit(1);
  return (row?.id as number | undefined) ?? null;
}

/**
 * Our registration date: the ticket's, unless the book already has a later registration that year (our numbers follow
 * the dates), then the day it is booked. The ticket's date stays the supplier's date and the payment's.
 */
async function fechaRegistro(t: Scope, fechaTicket: string): Promise<string> {
  const d = documentosCompra;
  const [row] = await t.pick(
    { ultima: sql<string | null>`max(${d.fecha})::text` },
    d,
    and(inArray(d.tipo, ['factura', 'gasto']), isNotNull(d.numero), eq(d.anyo, Number(fechaTicket.slice(0, 4)))),
  );
  const ultima = row?.ultima ?? null;
  if (!ultima || ultima <= fechaTicket) return fechaTicket;
  // The later of today and that registration (ISO dates sort as text).
  return [hoyEspana(), ultima].sort()[1]!;
}

/** Writes the expense as a draft through the engine (the purchase side's own checks and data), ready to register. */
async function crearGasto(t: Scope, ticket: TicketGastoInput): Promise<number> {
  await comprobarCuenta(t, ticket);
  const tipos = tiposDelTicket(ticket);
  const suma = tipos.reduce((s, x) => add(s, dec(x.Total)), ZERO);
  if (compare(suma, dec(ticket.Total)) !== 0) throw fieldError('Tipos', MSG_TICKET.tiposNoSuman);
  const desglose = [];
  let diferencia = ZERO;
  for (const x of tipos) {
    const d = desglosarTotal(x.Total, x.PorcentajeIva);
    diferencia = add(diferencia, dec(d.Diferencia));
    desglose.push({ TipoIva: await tipoIvaDe(t, x.PorcentajeIva), Base: d.Base });
  }
  const proveedor = await proveedorPorNif(t, ticket.NIF);
  const nif = ticket.NIF ? normalizeTaxId(ticket.NIF) : null;
  const cuerpo: DocumentoCompraInput & DatosCompraInput = {
    Proveedor: proveedor,
    NombreProveedor: ticket.Comercio,
    Fecha: await fechaRegistro(t, ticket.Fecha),
    FechaFacturaProveedor: ticket.Fecha,
    Concepto: ticket.Concepto || `Ticket de ${ticket.Comercio}`.slice(0, 200),
    Categoria: ticket.Categoria ?? null,
    Desglose: desglose,
    // What the paper says; a cent that no base reaches at that rate is accepted (desglosarTotal).
    TotalPapel: ticket.Total,
    AceptarDiferencia: !isZero(diferencia),
    Observaciones: nif && !proveedor ? `NIF del comercio: ${nif}` : null,
  };
  return motorCompra.crearDesdeCuerpo(t, 'fgasto', cuerpo);
}
