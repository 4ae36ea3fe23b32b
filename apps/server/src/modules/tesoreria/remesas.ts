import { randomUUID } from 'node:crypto';
import {
  add,
  dec,
  errorRecibo,
  esMotivoDevolucion,
  generarPain001,
  generarPain008,
  identificadorAcreedor,
  isValidIban,
  MOTIVOS_DEVOLUCION,
  motivoBloqueaMandato,
  neg,
  type ReciboCandidato,
  type ReciboSepa,
  rechazosPain002,
  type SecuenciaSepa,
  textoMotivo,
  toFixed,
  VERSIONES_PAIN008,
  type VersionPain008,
  ZERO,
} from '@faro/domain';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { MAX_OFFSET, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  apuntesBancarios as ab,
  clientesTable,
  col,
  documentosCompra as dc,
  documentosVenta as dv,
  empresa,
  fpagoTable,
  mandatosSepa as ms,
  proveedoresTable,
  remesas as rm,
  recibosRemesa as rr,
  tesoreriaTable,
  vencimientosCompra as vc,
  vencimientosVenta as vv,
} from '../../platform/tenancy/tables.ts';
import { motorCompra } from '../compras/ladoCompra.ts';
import { PREFIJO_DEVOLUCION } from '../contabilidad/asientos.ts';
import { asentarAlFinal, asentarDocumentos } from '../contabilidad/libro.ts';
import { motorVenta } from '../ventas/ladoVenta.ts';
import { contar, esDia, esId, hoyEspana, idDe, permiso, zDia, zId, zImporte } from './comun.ts';
import { comprobarCuenta, insertarMovimiento } from './movimientos.ts';
import { validarXsd } from './xsd.ts';

export const MSG_REMESAS = {
  cuentaBanco: 'La remesa necesita una cuenta bancaria con IBAN',
  sinNif: 'La empresa no tiene NIF: no se puede calcular el identificador de acreedor SEPA',
  sinRecibos: 'Elige al menos un recibo',
  noDisponible: (r: string) =>
    `${r}: ya está en otra remesa, o fue devuelto y no se ha vuelto a presentar, o ya está cobrado`,
  esquema: (r: string, e: string) => `${r}: su mandato es ${e}; la remesa es de otro esquema`,
  enviada: 'La remesa ya está enviada: deshaz el envío antes de cambiarla',
  noEnviada: 'La remesa no está enviada',
  conciliada: 'La remesa ya está conciliada con el extracto del banco: no se puede deshacer',
  conDevoluciones: 'La remesa tiene recibos devueltos: no se puede deshacer el envío',
  yaDevuelto: 'El recibo ya está devuelto',
  noCobrado: 'Sólo se puede devolver un recibo de una remesa enviada',
  noDevuelto: 'Sólo se puede volver a presentar un recibo devuelto',
  xsd: (e: string) => `El fichero no cumple el esquema SEPA oficial: ${e}`,
};

const tc = (f: string) => col(tesoreriaTable, f);
const fp = (f: string) => col(fpagoTable, f);
const cc = (f: string) => col(clientesTable, f);
const pc = (f: string) => col(proveedoresTable, f);

type Linea = typeof rr.$inferSelect;
type Remesa = typeof rm.$inferSelect;
const jsonRemesa = ({ empresaId: _, CreadoEn: __, ...r }: Remesa) => r;
/**
 * A receipt's state as read on a day: a sent batch records its collections on the batch's collection date, so until
 * that day its receipts are presented to the bank (`presentado`), not collected — the balance a fecha agrees.
 */
export const estadoRecibo = (estado: string, fechaCobro: string, hoy: string) =>
  estado === 'cobrado' && fechaCobro > hoy ? 'presentado' : estado;
const jsonLinea = ({ empresaId: _, CreadoEn: __, ...r }: Linea, remesa?: Remesa) => ({
  ...r,
  Estado: remesa ? estadoRecibo(r.Estado, remesa.Fecha, hoyEspana()) : r.Estado,
  MotivoTexto: r.Motivo ? textoMotivo(r.Motivo) : null,
});

const etiqueta = (r: { NumSerie: string | null; IdFactura: number; Plazo: number; Tercero: string }) =>
  `Recibo ${r.NumSerie ?? r.IdFactura}/${r.Plazo} (${r.Tercero})`;

/**
 * Receipts of customer invoices paid by direct debit ('Recibo domiciliado': payment method Medio domiciliacion):
 * issued, not cancelled, instalment not fully settled, not in a live batch line; a returned receipt only once it
 * has been re-presented (its new due date). Filters FechaDesde/FechaHasta (due date), IdCliente, IdSerie, or a list.
 */
export async function recibosCandidatos(
  s: Scope,
  f: {
    FechaDesde?: string;
    FechaHasta?: string;
    IdCliente?: number;
    IdSerie?: number;
    claves?: { IdFactura: number; Plazo: number }[];
  },
): Promise<ReciboCandidato[]> {
  const vivo = s.pick(
    { one: sql`1` },
    rr,
    and(eq(rr.IdFactura, vv.IdFactura), eq(rr.Plazo, vv.Plazo), ne(rr.Estado, 'devuelto')),
  );
  const devueltoSinPresentar = s.pick(
    { one: sql`1` },
    rr,
    and(eq(rr.IdFactura, vv.IdFactura), eq(rr.Plazo, vv.Plazo), eq(rr.Estado, 'devuelto'), isNull(rr.Representar)),
  );
  const representar = sql<
    string | null
  >`(${s.pick({ m: sql`max(${rr.Representar})` }, rr, and(eq(rr.IdFactura, vv.IdFactura), eq(rr.Plazo, vv.Plazo), eq(rr.Estado, 'devuelto')))})`;
  const vence = sql<string>`coalesce(${representar}, ${vv.Fecha})`;
  // A re-presented receipt is due for what came back (the invoice's collections settle instalments in date order, so
  // its own instalment may look settled by a later one's collection).
  const devuelto = sql<string>`(${s
    .pick(
      { i: rr.Importe },
      rr,
      and(eq(rr.IdFactura, vv.IdFactura), eq(rr.Plazo, vv.Plazo), eq(rr.Estado, 'devuelto'), isNotNull(rr.Representar)),
    )
    .orderBy(desc(rr.Id))
    .limit(1)})`;
  const conds: (SQL | undefined)[] = [
    eq(fp('Medio'), 'domiciliacion'),
    isNotNull(dv.numero),
    ne(dv.estado, 'Anulada'),
    or(gt(vv.Importe, vv.Liquidado), sql`${representar} is not null`),
    sql`not exists (${vivo})`,
    sql`not exists (${devueltoSinPresentar})`,
  ];
  if (f.FechaDesde) conds.push(sql`${vence} >= ${f.FechaDesde}`);
  if (f.FechaHasta) conds.push(sql`${vence} <= ${f.FechaHasta}`);
  if (f.IdCliente) conds.push(eq(dv.idTercero, f.IdCliente));
  if (f.IdSerie) conds.push(eq(dv.idSerie, f.IdSerie));
  if (f.claves) {
    if (!f.claves.length) return [];
    conds.push(or(...f.claves.map((k) => and(eq(vv.IdFactura, k.IdFactura), eq(vv.Plazo, k.Plazo)))));
  }
  const rows = await s
    .pick(
      {
        IdFactura: vv.IdFactura,
        Plazo: vv.Plazo,
        NumSerie: dv.numSerie,
        IdTercero: dv.idTercero,
        Tercero: dv.terceroNombre,
        Vencimiento: sql<string>`${vence}::text`,
        Importe: sql<string>`coalesce(${devuelto}, ${vv.Importe} - ${vv.Liquidado})::text`,
        Representado: sql<boolean>`${representar} is not null`,
      },
      vv,
      and(...conds),
    )
    .innerJoin(dv, s.on(dv, eq(dv.id, vv.IdFactura)))
    .innerJoin(fpagoTable, s.on(fpagoTable, eq(fp('Id'), dv.idFormaPago)))
    .orderBy(asc(vence), asc(vv.IdFactura), asc(vv.Plazo))
    .limit(20_000);
  const clientes = [...new Set(rows.map((r) => r.IdTercero))];
  const mandatos = clientes.length
    ? await s.select(ms, inArray(ms.IdCliente, clientes)).orderBy(desc(ms.FechaFirma), desc(ms.Id))
    : [];
  const datos = clientes.length
    ? ((await s.pick(
        {
          Id: cc('Id'),
          IBAN: cc('IBAN'),
          BIC: cc('BIC'),
          MandatoRef: cc('MandatoRef'),
          MandatoFecha: cc('MandatoFecha'),
          Codigo: cc('Codigo'),
        },
        clientesTable,
        inArray(cc('Id'), clientes),
      )) as {
        Id: number;
        IBAN: string | null;
        BIC: string | null;
        MandatoRef: string | null;
        MandatoFecha: string | null;
        Codigo: string;
      }[])
    : [];
  const cliente = new Map(datos.map((c) => [Number(c.Id), c]));
  return rows.map((r) => {
    const propios = mandatos.filter((m) => m.IdCliente === r.IdTercero);
    const activo = propios.find((m) => m.Estado === 'activo');
    const c = cliente.get(Number(r.IdTercero));
    const base = {
      ...r,
      Importe: toFixed(dec(r.Importe), 2),
      Vencimiento: String(r.Vencimiento).slice(0, 10),
      Representado: !!r.Representado,
    };
    let m: Pick<
      ReciboCandidato,
      'IBAN' | 'BIC' | 'IdMandato' | 'MandatoRef' | 'MandatoFecha' | 'Esquema' | 'Secuencia'
    >;
    if (activo) {
      m = {
        IBAN: activo.IBAN,
        BIC: activo.BIC,
        IdMandato: activo.Id,
        MandatoRef: activo.Referencia,
        MandatoFecha: activo.FechaFirma,
        Esquema: activo.Esquema,
        Secuencia: activo.Secuencia as SecuenciaSepa,
      };
    } else if (!propios.length && c?.MandatoFecha && c.IBAN) {
      // A customer with the mandate written on its form (before mandates had their own records).
      m = {
        IBAN: c.IBAN,
        BIC: c.BIC,
        IdMandato: null,
        MandatoRef: c.MandatoRef || c.Codigo,
        MandatoFecha: c.MandatoFecha,
        Esquema: 'CORE',
        Secuencia: 'RCUR',
      };
    } else {
      m = {
        IBAN: c?.IBAN ?? null,
        BIC: c?.BIC ?? null,
        IdMandato: null,
        MandatoRef: null,
        MandatoFecha: null,
        Esquema: null,
        Secuencia: null,
      };
    }
    const bloqueado = !activo && propios.find((x) => x.Estado === 'bloqueado');
    const problema = bloqueado
      ? `${etiqueta(r)}: su mandato está bloqueado (${bloqueado.Motivo ?? 'devolución'})`
      : errorRecibo(
          {
            etiqueta: etiqueta(r),
            endToEndId: 'X',
            importe: base.Importe,
            nombre: r.Tercero,
            iban: m.IBAN ?? '',
            bic: m.BIC,
            mandatoRef: m.MandatoRef,
            mandatoFecha: m.MandatoFecha,
            concepto: '',
          },
          true,
        );
    return { ...base, ...m, Problema: problema };
  });
}

/** Supplier invoice instalments still to pay, for a transfer batch (supplier's IBAN from its record). */
export async function pagosCandidatos(
  s: Scope,
  f: {
    FechaDesde?: string;
    FechaHasta?: string;
    IdProveedor?: number;
    claves?: { IdFactura: number; Plazo: number }[];
  },
): Promise<ReciboCandidato[]> {
  const vivo = s.pick(
    { one: sql`1` },
    rr,
    and(eq(rr.IdFacturaCompra, vc.IdFactura), eq(rr.Plazo, vc.Plazo), ne(rr.Estado, 'devuelto')),
  );
  const conds: (SQL | undefined)[] = [
    isNotNull(dc.numero),
    ne(dc.estado, 'Anulada'),
    gt(vc.Importe, vc.Liquidado),
    sql`not exists (${vivo})`,
  ];
  if (f.FechaDesde) conds.push(gte(vc.Fecha, f.FechaDesde));
  if (f.FechaHasta) conds.push(lte(vc.Fecha, f.FechaHasta));
  if (f.IdProveedor) conds.push(eq(dc.idTercero, f.IdProveedor));
  if (f.claves) {
    if (!f.claves.length) return [];
    conds.push(or(...f.claves.map((k) => and(eq(vc.IdFactura, k.IdFactura), eq(vc.Plazo, k.Plazo)))));
  }
  const rows = await s
    .pick(
      {
        IdFactura: vc.IdFactura,
        Plazo: vc.Plazo,
        NumSerie: sql<string | null>`coalesce(${dc.numTercero}, ${dc.numSerie})`,
        IdTercero: dc.idTercero,
        Tercero: dc.terceroNombre,
        Vencimiento: sql<string>`${vc.Fecha}::text`,
        Importe: sql<string>`(${vc.Importe} - ${vc.Liquidado})::text`,
        IBAN: pc('IBAN'),
        BIC: pc('BIC'),
      },
      vc,
      and(...conds),
    )
    .innerJoin(dc, s.on(dc, eq(dc.id, vc.IdFactura)))
    .innerJoin(proveedoresTable, s.on(proveedoresTable, eq(pc('Id'), dc.idTercero)))
    .orderBy(asc(vc.Fecha), asc(vc.IdFactura), asc(vc.Plazo))
    .limit(20_000);
  return rows.map((r) => {
    const x = r as typeof r & { IBAN: string | null; BIC: string | null };
    const base = { ...x, Importe: toFixed(dec(x.Importe), 2), Vencimiento: String(x.Vencimiento).slice(0, 10) };
    return {
      ...base,
      IdMandato: null,
      MandatoRef: null,
      MandatoFecha: null,
      Esquema: null,
      Secuencia: null,
      Representado: false,
      Problema: errorRecibo(
        {
          etiqueta: etiqueta(x),
          endToEndId: 'X',
          importe: base.Importe,
          nombre: x.Tercero,
          iban: x.IBAN ?? '',
          bic: x.BIC,
          concepto: '',
        },
        false,
      ),
    };
  });
}

const claveBody = z.object({ IdFactura: zId('Factura'), Plazo: z.coerce.number().int().min(1).max(1000) });
const remesaBody = z.object({
  IdTesoreria: zId('Cuenta'),
  Fecha: zDia('Fecha de cobro'),
  Esquema: z.enum(['CORE', 'B2B'], { error: 'El esquema debe ser CORE o B2B' }).default('CORE'),
  Descripcion: z.string().trim().max(140).nullish(),
  Recibos: z.array(claveBody, { error: MSG_REMESAS.sinRecibos }).min(1, { error: MSG_REMESAS.sinRecibos }).max(20_000),
});
const transferenciasBody = remesaBody.omit({ Esquema: true });

async function cuentaBanco(t: Scope, id: number) {
  const c = await comprobarCuenta(t, id);
  const [x] = await t.pick({ suf: tc('SufijoAcreedor') }, tesoreriaTable, eq(tc('Id'), id));
  if (c.Tipo !== 'banco' || !c.IBAN || !isValidIban(c.IBAN)) throw fieldError('IdTesoreria', MSG_REMESAS.cuentaBanco);
  return { ...c, IBAN: c.IBAN, Sufijo: (x?.suf as string | null) ?? '000' };
}

/** Creates a batch of the chosen receipts (all must be candidates, without problems, of the batch's scheme). */
export async function crearRemesa(
  t: Scope,
  tipo: 'cobro' | 'pago',
  body: z.infer<typeof remesaBody> | z.infer<typeof transferenciasBody>,
): Promise<Remesa> {
  const cuenta = await cuentaBanco(t, body.IdTesoreria);
  const claves = body.Recibos;
  const esquema = 'Esquema' in body ? body.Esquema : null;
  const candidatos = tipo === 'cobro' ? await recibosCandidatos(t, { claves }) : await pagosCandidatos(t, { claves });
  const porClave = new Map(candidatos.map((c) => [`${c.IdFactura}/${c.Plazo}`, c]));
  const elegidos: ReciboCandidato[] = [];
  for (const k of claves) {
    const c = porClave.get(`${k.IdFactura}/${k.Plazo}`);
    if (!c) throw badRequest(MSG_REMESAS.noDisponible(`Recibo de la factura ${k.IdFactura}, plazo ${k.Plazo}`));
    if (c.Problema) throw badRequest(c.Problema);
    if (esquema && c.Esquema !== esquema) throw badRequest(MSG_REMESAS.esquema(etiqueta(c), c.Esquema ?? ''));
    if (!elegidos.includes(c)) elegidos.push(c);
  }
  const total = toFixed(
    elegidos.reduce((s, c) => add(s, dec(c.Importe)), ZERO),
    2,
  );
  const [remesa] = await t
    .insert(rm, {
      Tipo: tipo,
      IdTesoreria: cuenta.Id,
      Fecha: body.Fecha,
      Esquema: esquema,
      Descripcion:
        body.Descripcion ||
        (tipo === 'cobro'
          ? `Remesa ${esquema} de recibos al ${body.Fecha}`
          : `Transferencias a proveedores del ${body.Fecha}`),
      NumRecibos: elegidos.length,
      Total: total,
      MsgId: `${tipo === 'cobro' ? 'REM' : 'TRF'}-${body.Fecha.replace(/-/g, '')}-${randomUUID().slice(0, 8).toUpperCase()}`,
    })
    .returning();
  const r = remesa!;
  await t.insert(
    rr,
    elegidos.map((c) => ({
      IdRemesa: r.Id,
      IdFactura: tipo === 'cobro' ? c.IdFactura : null,
      IdFacturaCompra: tipo === 'pago' ? c.IdFactura : null,
      Plazo: c.Plazo,
      NumSerie: c.NumSerie,
      IdTercero: c.IdTercero,
      TerceroNombre: c.Tercero,
      IdMandato: c.IdMandato,
      MandatoRef: c.MandatoRef,
      MandatoFecha: c.MandatoFecha,
      IBAN: c.IBAN ?? '',
      BIC: c.BIC,
      Importe: c.Importe,
      Vencimiento: c.Vencimiento,
      EndToEndId: `${(c.NumSerie ?? String(c.IdFactura)).replace(/[^A-Za-z0-9-]/g, '')}-${c.Plazo}-R${r.Id}`.slice(-35),
      Secuencia: c.Secuencia,
    })),
  );
  return r;
}

async function cargarRemesa(s: Scope, id: number) {
  const [row] = await s.select(rm, eq(rm.Id, id));
  if (!row) throw notFound();
  return row;
}
const lineasDe = (s: Scope, id: number) => s.select(rr, eq(rr.IdRemesa, id)).orderBy(asc(rr.Id));

/** The SEPA file of a batch (pain.008 .02/.08 or pain.001.001.03), validated against the official XSD first. */
export async function ficheroRemesa(s: Scope, id: number, version: VersionPain008 = 'pain.008.001.02') {
  const r = await cargarRemesa(s, id);
  const lineas = (await lineasDe(s, id)).filter((l) => l.Estado !== 'devuelto' || r.Estado === 'enviada');
  const cuenta = await cuentaBanco(s, r.IdTesoreria);
  const [e] = await s.company({ nombre: empresa.nombre, nif: empresa.nif });
  if (!e?.nif) throw badRequest(MSG_REMESAS.sinNif);
  const recibos: ReciboSepa[] = lineas.map((l) => ({
    etiqueta: etiqueta({
      NumSerie: l.NumSerie,
      IdFactura: l.IdFactura ?? l.IdFacturaCompra ?? 0,
      Plazo: l.Plazo,
      Tercero: l.TerceroNombre,
    }),
    endToEndId: l.EndToEndId,
    importe: l.Importe,
    nombre: l.TerceroNombre,
    iban: l.IBAN,
    bic: l.BIC,
    mandatoRef: l.MandatoRef,
    mandatoFecha: l.MandatoFecha,
    secuencia: (l.Secuencia as SecuenciaSepa | null) ?? 'RCUR',
    concepto:
      r.Tipo === 'cobro'
        ? `Factura ${l.NumSerie ?? ''} vencimiento ${l.Vencimiento}`
        : `Pago factura ${l.NumSerie ?? ''}`,
  }));
  for (const x of recibos) {
    const problema = errorRecibo(x, r.Tipo === 'cobro');
    if (problema) throw badRequest(problema);
  }
  const creado = new Date().toISOString().slice(0, 19);
  const xml =
    r.Tipo === 'cobro'
      ? generarPain008(
          {
            msgId: r.MsgId,
            creado,
            fecha: r.Fecha,
            esquema: (r.Esquema ?? 'CORE') as 'CORE' | 'B2B',
            acreedor: {
              nombre: e.nombre,
              iban: cuenta.IBAN,
              bic: cuenta.BIC,
              identificador: identificadorAcreedor(e.nif, cuenta.Sufijo),
            },
            recibos,
          },
          version,
        )
      : generarPain001({
          msgId: r.MsgId,
          creado,
          fecha: r.Fecha,
          deudor: { nombre: e.nombre, iban: cuenta.IBAN, bic: cuenta.BIC },
          pagos: recibos,
        });
  const esquema = r.Tipo === 'cobro' ? version : 'pain.001.001.03';
  const errores = await validarXsd(xml, esquema);
  if (errores.length) {
    // Name the receipt when the fault is on one of its lines (the writers put each transaction on its own line).
    const e = errores[0]!;
    const linea = e.linea ? (xml.split('\n')[e.linea - 1] ?? '') : '';
    const e2e = /<EndToEndId>([^<]*)</.exec(linea)?.[1];
    const recibo = e2e ? recibos.find((x) => x.endToEndId === e2e) : undefined;
    throw new AppError(422, MSG_REMESAS.xsd(recibo ? `${recibo.etiqueta}: ${e.mensaje}` : e.mensaje));
  }
  return { remesa: r, xml, nombre: `${r.MsgId}.${esquema}.xml` };
}

/**
 * Marks a batch sent: each receipt collected (or paid) on the batch date into its account, mandates advance. The
 * collections' entries are dated the batch's collection date and posted once every receipt is done.
 */
export const enviarRemesa = (t: Scope, id: number) => asentarAlFinal(t, () => enviar(t, id));
async function enviar(t: Scope, id: number) {
  const r = await cargarRemesa(t, id);
  if (r.Estado === 'enviada') throw badRequest(MSG_REMESAS.enviada);
  const lineas = await lineasDe(t, id);
  for (const l of lineas) {
    if (l.Estado !== 'remesado') continue;
    const motor = r.Tipo === 'cobro' ? motorVenta : motorCompra;
    const pago = await motor.registrarPago(t, {
      IdFactura: (r.Tipo === 'cobro' ? l.IdFactura : l.IdFacturaCompra)!,
      Fecha: r.Fecha,
      Importe: l.Importe,
      IdTesoreria: r.IdTesoreria,
      IdConcepto: null,
      Notas: `${r.Tipo === 'cobro' ? 'Remesa' : 'Transferencia'} ${r.MsgId}`,
    });
    await t.update(rr, { Estado: 'cobrado', IdCobro: pago.Id }, eq(rr.Id, l.Id));
    if (l.IdMandato && l.Secuencia === 'FRST') await t.update(ms, { Secuencia: 'RCUR' }, eq(ms.Id, l.IdMandato));
    if (l.IdMandato && l.Secuencia === 'OOFF')
      await t.update(ms, { Estado: 'cancelado', Motivo: 'Mandato de pago único ya usado' }, eq(ms.Id, l.IdMandato));
  }
  await t.update(rm, { Estado: 'enviada', FechaEnvio: hoyEspana() }, eq(rm.Id, id));
}

async function remesaConciliada(t: Scope, r: Remesa, lineas: Linea[]) {
  const cobros = lineas.map((l) => l.IdCobro).filter((x): x is number => x !== null);
  const conds = [and(eq(ab.ConciliadoCon, 'remesa'), eq(ab.IdConciliado, r.Id))];
  if (cobros.length)
    conds.push(and(eq(ab.ConciliadoCon, r.Tipo === 'cobro' ? 'cobro' : 'pago'), inArray(ab.IdConciliado, cobros)));
  const [x] = await t.pick({ one: sql`1` }, ab, or(...conds)).limit(1);
  return !!x;
}

/** Undoes the sending while nothing of it is reconciled nor returned: collections deleted, receipts back. */
const deshacerEnvio = (t: Scope, id: number) => asentarAlFinal(t, () => deshacer(t, id));
async function deshacer(t: Scope, id: number) {
  const r = await cargarRemesa(t, id);
  if (r.Estado !== 'enviada') throw badRequest(MSG_REMESAS.noEnviada);
  const lineas = await lineasDe(t, id);
  if (lineas.some((l) => l.Estado === 'devuelto')) throw badRequest(MSG_REMESAS.conDevoluciones);
  if (await remesaConciliada(t, r, lineas)) throw badRequest(MSG_REMESAS.conciliada);
  const motor = r.Tipo === 'cobro' ? motorVenta : motorCompra;
  for (const l of lineas) {
    if (l.IdCobro) await motor.borrarPago(t, l.IdCobro);
    await t.update(rr, { Estado: 'remesado', IdCobro: null }, eq(rr.Id, l.Id));
    if (l.IdMandato && l.Secuencia === 'FRST') await t.update(ms, { Secuencia: 'FRST' }, eq(ms.Id, l.IdMandato));
    if (l.IdMandato && l.Secuencia === 'OOFF')
      await t.update(ms, { Estado: 'activo', Motivo: null }, eq(ms.Id, l.IdMandato));
  }
  await t.update(rm, { Estado: 'preparada', FechaEnvio: null }, eq(rm.Id, id));
}

const devolucionBody = z.object({
  Motivo: z
    .string({ error: 'Indica el motivo de la devolución' })
    .refine(esMotivoDevolucion, { error: 'El motivo de devolución no es un código SEPA conocido' }),
  Fecha: zDia('Fecha'),
  Comision: zImporte('Comisión').optional(),
});

/**
 * A returned receipt (R-transaction): in a sent batch, the collection is reversed by a negative collection on the
 * return date (the invoice is pending again), the bank's fee is an expense movement of the account, the mandate is
 * blocked when the reason says so and a failed first collection stays FRST. Never twice (a returned line is final).
 */
export const devolverRecibo = (
  t: Scope,
  idLinea: number,
  d: { Motivo: string; Fecha: string; Comision?: string | undefined },
) => asentarAlFinal(t, () => devolver(t, idLinea, d));
async function devolver(
  t: Scope,
  idLinea: number,
  d: { Motivo: string; Fecha: string; Comision?: string | undefined },
) {
  const [l] = await t.select(rr, eq(rr.Id, idLinea)).for('update');
  if (!l) throw notFound();
  if (l.Estado === 'devuelto') throw badRequest(MSG_REMESAS.yaDevuelto);
  const r = await cargarRemesa(t, l.IdRemesa);
  if (r.Tipo !== 'cobro') throw badRequest(MSG_REMESAS.noCobrado);
  if (l.Estado === 'cobrado' && l.IdFactura) {
    await motorVenta.registrarPago(t, {
      IdFactura: l.IdFactura,
      Fecha: d.Fecha,
      Importe: toFixed(neg(dec(l.Importe)), 2),
      IdTesoreria: r.IdTesoreria,
      IdConcepto: null,
      // Its entry's concept too (430 back against the bank): «Devolución recibo F2026-0001/1 (MD01)».
      Notas: `${PREFIJO_DEVOLUCION}${l.NumSerie ?? l.EndToEndId}/${l.Plazo} (${d.Motivo})`,
    });
  }
  let idMov: number | null = null;
  const comision = d.Comision && dec(d.Comision).units > 0n ? toFixed(dec(d.Comision), 2) : null;
  if (comision) {
    const mov = await insertarMovimiento(t, {
      IdTesoreria: r.IdTesoreria,
      Fecha: d.Fecha,
      Importe: toFixed(neg(dec(comision)), 2),
      Descripcion: `Comisión por devolución del recibo ${l.NumSerie ?? ''}/${l.Plazo} (${d.Motivo})`,
      Clase: 'comision',
      IdRemesa: r.Id,
    });
    idMov = mov.Id;
    await asentarDocumentos(t, 'comision', [mov.Id]);
  }
  await t.update(
    rr,
    { Estado: 'devuelto', Motivo: d.Motivo, FechaDevolucion: d.Fecha, Comision: comision, IdMovComision: idMov },
    eq(rr.Id, l.Id),
  );
  if (l.IdMandato) {
    if (motivoBloqueaMandato(d.Motivo))
      await t.update(ms, { Estado: 'bloqueado', Motivo: textoMotivo(d.Motivo) }, eq(ms.Id, l.IdMandato));
    else if (l.Secuencia === 'FRST') await t.update(ms, { Secuencia: 'FRST' }, eq(ms.Id, l.IdMandato));
  }
  // The batch's figures keep what was sent; the receipt's own line says it came back.
  return l;
}

/** `/api/tesoreria/remesas/*` (permission TesoRemesa): batches, files, sending, returns, re-presentation, transfers. */
export function registrarRemesas(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/tesoreria/remesas';
  const filtrosCandidatos = (f: Record<string, unknown>) => ({
    ...(esDia(f.FechaDesde) ? { FechaDesde: f.FechaDesde } : {}),
    ...(esDia(f.FechaHasta) ? { FechaHasta: f.FechaHasta } : {}),
    ...(esId(f.IdCliente) ? { IdCliente: Number(f.IdCliente) } : {}),
    ...(esId(f.IdSerie) ? { IdSerie: Number(f.IdSerie) } : {}),
    ...(esId(f.IdProveedor) ? { IdProveedor: Number(f.IdProveedor) } : {}),
  });
  app.get(`${base}/recibos`, permiso('TesoRemesa', 1, 'Recibos que se pueden remesar'), async (request) => {
    const q = parseListQuery(request.query);
    const items = await recibosCandidatos(deps.scopeOf(request), filtrosCandidatos(q.Filtros));
    return { Items: items, Total: items.length, TotalLimitado: false };
  });
  app.get(`${base}/pagos`, permiso('TesoRemesa', 1, 'Pagos a proveedores para transferir'), async (request) => {
    const q = parseListQuery(request.query);
    const items = await pagosCandidatos(deps.scopeOf(request), filtrosCandidatos(q.Filtros));
    return { Items: items, Total: items.length, TotalLimitado: false };
  });
  app.get(`${base}/list`, permiso('TesoRemesa', 1, 'Remesas'), async (request) => {
    const s = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const f = q.Filtros;
    const conds: SQL[] = [];
    if (f.Tipo === 'cobro' || f.Tipo === 'pago') conds.push(eq(rm.Tipo, f.Tipo));
    if (f.Estado === 'preparada' || f.Estado === 'enviada') conds.push(eq(rm.Estado, f.Estado));
    if (esDia(f.FechaDesde)) conds.push(gte(rm.Fecha, f.FechaDesde));
    if (esDia(f.FechaHasta)) conds.push(lte(rm.Fecha, f.FechaHasta));
    if (esId(f.IdTesoreria)) conds.push(eq(rm.IdTesoreria, Number(f.IdTesoreria)));
    const where = and(...conds);
    const devueltos = sql<number>`(${s.pick({ n: sql`count(*)::int` }, rr, and(eq(rr.IdRemesa, rm.Id), eq(rr.Estado, 'devuelto')))})`;
    const rows = await s
      .pick({ r: rm, Cuenta: tc('Nombre'), Devueltos: devueltos }, rm, where)
      .innerJoin(tesoreriaTable, s.on(tesoreriaTable, eq(tc('Id'), rm.IdTesoreria)))
      .orderBy(desc(rm.Fecha), desc(rm.Id))
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    const total = await contar(s, s.pick({ one: rm.Id }, rm, where).getSQL());
    return {
      Items: rows.map((x) => ({ ...jsonRemesa(x.r), Cuenta: x.Cuenta, Devueltos: Number(x.Devueltos ?? 0) })),
      ...total,
    };
  });
  app.get(`${base}/edit/:id`, permiso('TesoRemesa', 1, 'Remesa'), async (request) => {
    const s = deps.scopeOf(request);
    const id = idDe(request);
    const r = await cargarRemesa(s, id);
    const lineas = await lineasDe(s, id);
    return {
      ...jsonRemesa(r),
      Recibos: lineas.map((l) => jsonLinea(l, r)),
      Conciliada: await remesaConciliada(s, r, lineas),
    };
  });
  app.post(`${base}/save`, permiso('TesoRemesa', 2, 'Nueva remesa de recibos'), async (request, reply) => {
    const body = parseBody(remesaBody, request.body) as z.infer<typeof remesaBody>;
    const r = await deps.scopeOf(request).tx((t) => crearRemesa(t, 'cobro', body));
    return reply.status(201).send(jsonRemesa(r));
  });
  app.post(
    `${base}/transferencias`,
    permiso('TesoRemesa', 2, 'Nueva remesa de transferencias'),
    async (request, reply) => {
      const body = parseBody(transferenciasBody, request.body) as z.infer<typeof transferenciasBody>;
      const r = await deps.scopeOf(request).tx((t) => crearRemesa(t, 'pago', body));
      return reply.status(201).send(jsonRemesa(r));
    },
  );
  app.delete(`${base}/delete/:id`, permiso('TesoRemesa', 3, 'Borrar una remesa preparada'), async (request) => {
    const id = idDe(request);
    await deps.scopeOf(request).tx(async (t) => {
      const r = await cargarRemesa(t, id);
      if (r.Estado === 'enviada') throw badRequest(MSG_REMESAS.enviada);
      await t.delete(rm, eq(rm.Id, id));
    });
    return { Id: id };
  });
  app.get(`${base}/fichero/:id`, permiso('TesoRemesa', 1, 'Fichero SEPA de la remesa'), async (request, reply) => {
    const v = (request.query as Record<string, unknown>).Version;
    const version = (VERSIONES_PAIN008 as readonly string[]).includes(String(v))
      ? (v as VersionPain008)
      : 'pain.008.001.02';
    const { xml, nombre } = await ficheroRemesa(deps.scopeOf(request), idDe(request), version);
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${nombre}"`)
      .send(xml);
  });
  app.post(`${base}/enviar/:id`, permiso('TesoRemesa', 2, 'Marcar la remesa como enviada'), async (request) => {
    const id = idDe(request);
    await deps.scopeOf(request).tx((t) => enviarRemesa(t, id));
    return { Id: id, Estado: 'enviada' };
  });
  app.post(`${base}/deshacer/:id`, permiso('TesoRemesa', 2, 'Deshacer el envío de la remesa'), async (request) => {
    const id = idDe(request);
    await deps.scopeOf(request).tx((t) => deshacerEnvio(t, id));
    return { Id: id, Estado: 'preparada' };
  });
  app.post(`${base}/devolver/:id`, permiso('TesoRemesa', 2, 'Devolución de un recibo'), async (request) => {
    const id = idDe(request);
    const body = parseBody(devolucionBody, request.body) as z.infer<typeof devolucionBody>;
    const l = await deps.scopeOf(request).tx((t) => devolverRecibo(t, id, body));
    return { Id: l.Id, Estado: 'devuelto' };
  });
  app.post(
    `${base}/representar/:id`,
    permiso('TesoRemesa', 2, 'Volver a presentar un recibo devuelto'),
    async (request) => {
      const id = idDe(request);
      const body = parseBody(z.object({ Fecha: zDia('Nuevo vencimiento') }), request.body) as { Fecha: string };
      await deps.scopeOf(request).tx(async (t) => {
        const [l] = await t.select(rr, eq(rr.Id, id));
        if (!l) throw notFound();
        if (l.Estado !== 'devuelto') throw badRequest(MSG_REMESAS.noDevuelto);
        await t.update(rr, { Representar: body.Fecha }, eq(rr.Id, id));
      });
      return { Id: id, Representar: body.Fecha };
    },
  );
  app.post(
    `${base}/pain002`,
    permiso('TesoRemesa', 2, 'Importar el informe de rechazos (pain.002)'),
    async (request) => {
      const body = parseBody(
        z.object({
          Xml: z.string({ error: 'Falta el fichero' }).min(1, { error: 'Falta el fichero' }).max(20_000_000),
          Fecha: zDia('Fecha').optional(),
          Comision: zImporte('Comisión').optional(),
        }),
        request.body,
      ) as { Xml: string; Fecha?: string; Comision?: string };
      const errores = await validarXsd(body.Xml, 'pain.002.001.03');
      if (errores.length)
        throw badRequest(`El fichero no es un informe pain.002.001.03 válido: ${errores[0]!.mensaje}`);
      const { rechazos } = rechazosPain002(body.Xml);
      const s = deps.scopeOf(request);
      return s.tx((t) =>
        asentarAlFinal(t, async () => {
          const hechos: { EndToEndId: string; Motivo: string; Recibo: string }[] = [];
          const ignorados: { EndToEndId: string; Motivo: string }[] = [];
          for (const x of rechazos) {
            const [l] = await t.select(rr, eq(rr.EndToEndId, x.endToEndId));
            if (!l || l.Estado === 'devuelto') {
              ignorados.push({
                EndToEndId: x.endToEndId,
                Motivo: l ? MSG_REMESAS.yaDevuelto : 'No es de ninguna remesa',
              });
              continue;
            }
            await devolverRecibo(t, l.Id, {
              Motivo: esMotivoDevolucion(x.motivo) ? x.motivo : 'MS03',
              Fecha: body.Fecha ?? hoyEspana(),
              ...(body.Comision ? { Comision: body.Comision } : {}),
            });
            hechos.push({
              EndToEndId: x.endToEndId,
              Motivo: x.motivo,
              Recibo: `${l.NumSerie ?? ''}/${l.Plazo} ${l.TerceroNombre}`,
            });
          }
          return { Devueltos: hechos, Ignorados: ignorados };
        }),
      );
    },
  );
  app.get(`${base}/devueltos`, permiso('TesoRemesa', 1, 'Recibos devueltos'), async (request) => {
    const s = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const f = q.Filtros;
    const conds: SQL[] = [eq(rr.Estado, String(f.Estado ?? 'devuelto'))];
    if (esId(f.IdRemesa)) conds.push(eq(rr.IdRemesa, Number(f.IdRemesa)));
    const where = and(...conds);
    const rows = await s
      .select(rr, where)
      .orderBy(desc(rr.FechaDevolucion), desc(rr.Id))
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    const total = await contar(s, s.pick({ one: rr.Id }, rr, where).getSQL());
    return { Items: rows.map((l) => jsonLinea(l)), ...total };
  });
  app.get(`${base}/motivos`, permiso('TesoRemesa', 1, 'Motivos de devolución SEPA'), async () => ({
    Items: MOTIVOS_DEVOLUCION.map((m) => ({ Codigo: m.value, Texto: m.label, BloqueaMandato: m.bloquea })),
  }));
}
