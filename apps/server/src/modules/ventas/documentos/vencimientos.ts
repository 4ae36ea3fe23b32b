import { compare, dec, formatAmount, instalments, isZero, sub, toFixed, ZERO } from '@faro/domain';
import { and, asc, eq, gte, inArray, isNotNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../../platform/auth/access.ts';
import { COUNT_CAP, MAX_OFFSET, parseListQuery } from '../../../platform/crud/listQuery.ts';
import type { Db } from '../../../platform/db/database.ts';
import { col } from '../../../platform/db/entityTable.ts';
import {
  clientesTable,
  cobrosVenta as cv,
  documentosVenta as dv,
  fpagoTable,
  vencimientosVenta as vv,
} from '../../../platform/db/schema.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Cabecera } from './documentosRepository.ts';

const KINDS_FACTURA = ['factura', 'simplificada', 'rectificativa'];

/** Today in Spain (due dates are calendar days of the company, not of UTC). */
export const hoyEspana = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());

const diasEntre = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

/**
 * Stores the instalments of an invoice being issued (inside the issuing transaction): its payment method's Plazos,
 * DiasPrimerPlazo and DiasEntrePlazos from the invoice date, moved to the customer's payment days (DiaPago1/2);
 * without a payment method, one instalment due on the invoice date.
 */
export async function generarVencimientos(tx: Db, empresaId: number, f: Cabecera): Promise<void> {
  const fc = (k: string) => col(fpagoTable, k);
  const [fp] = f.idFormaPago
    ? ((await tx
        .select({
          Plazos: fc('Plazos'),
          DiasPrimerPlazo: fc('DiasPrimerPlazo'),
          DiasEntrePlazos: fc('DiasEntrePlazos'),
        })
        .from(fpagoTable)
        .where(and(eq(fc('empresaId'), empresaId), eq(fc('Id'), f.idFormaPago)))) as {
        Plazos: number | null;
        DiasPrimerPlazo: number | null;
        DiasEntrePlazos: number | null;
      }[])
    : [];
  const cc = (k: string) => col(clientesTable, k);
  const [cli] = (await tx
    .select({ d1: cc('DiaPago1'), d2: cc('DiaPago2') })
    .from(clientesTable)
    .where(and(eq(cc('empresaId'), empresaId), eq(cc('Id'), f.idCliente)))) as {
    d1: number | null;
    d2: number | null;
  }[];
  const dias = [cli?.d1, cli?.d2].filter((d): d is number => typeof d === 'number');
  const plazos = instalments(
    f.fecha,
    f.total,
    { Plazos: fp?.Plazos ?? 1, DiasPrimerPlazo: fp?.DiasPrimerPlazo ?? 0, DiasEntrePlazos: fp?.DiasEntrePlazos ?? 0 },
    fp ? dias : [],
  );
  await tx.delete(vv).where(and(eq(vv.empresaId, empresaId), eq(vv.idFactura, f.id)));
  await tx
    .insert(vv)
    .values(plazos.map((p, i) => ({ empresaId, idFactura: f.id, plazo: i + 1, fecha: p.Fecha, importe: p.Importe })));
}

/** Spreads an invoice's collections over its instalments in date order (called on every collection change). */
export async function liquidarVencimientos(tx: Db, empresaId: number, idFactura: number): Promise<void> {
  const [{ cobrado } = { cobrado: '0' }] = await tx
    .select({ cobrado: sql<string>`coalesce(sum(${cv.importe}), 0)::text` })
    .from(cv)
    .where(and(eq(cv.empresaId, empresaId), eq(cv.idFactura, idFactura)));
  const plazos = await tx
    .select()
    .from(vv)
    .where(and(eq(vv.empresaId, empresaId), eq(vv.idFactura, idFactura)))
    .orderBy(asc(vv.fecha), asc(vv.plazo));
  let resto = dec(cobrado);
  for (const p of plazos) {
    const importe = dec(p.importe);
    // Same sign as the instalment (a corrective invoice's instalments and collections are negative).
    const mismoSigno = compare(importe, ZERO) * compare(resto, ZERO) > 0;
    let toma = ZERO;
    if (mismoSigno) {
      const cabe = compare(importe, ZERO) > 0 ? compare(resto, importe) <= 0 : compare(resto, importe) >= 0;
      toma = cabe ? resto : importe;
    }
    resto = sub(resto, toma);
    const nuevo = toFixed(toma, 2);
    if (nuevo !== p.cobrado) {
      await tx
        .update(vv)
        .set({ cobrado: nuevo })
        .where(and(eq(vv.empresaId, empresaId), eq(vv.idFactura, idFactura), eq(vv.plazo, p.plazo)));
    }
  }
}

export interface VencimientoJson {
  Plazo: number;
  Fecha: string;
  Importe: string;
  Cobrado: string;
  Pendiente: string;
  Estado: 'Pendiente' | 'Cobrado' | 'Cobrado parcialmente';
}

/** An invoice's instalments in date order, with what is collected and pending of each. */
export async function cargarVencimientos(db: Db, empresaId: number, idFactura: number): Promise<VencimientoJson[]> {
  const rows = await db
    .select()
    .from(vv)
    .where(and(eq(vv.empresaId, empresaId), eq(vv.idFactura, idFactura)))
    .orderBy(asc(vv.fecha), asc(vv.plazo));
  return rows.map((r) => {
    const pendiente = sub(dec(r.importe), dec(r.cobrado));
    return {
      Plazo: r.plazo,
      Fecha: r.fecha,
      Importe: r.importe,
      Cobrado: r.cobrado,
      Pendiente: toFixed(pendiente, 2),
      Estado: isZero(dec(r.cobrado)) ? 'Pendiente' : isZero(pendiente) ? 'Cobrado' : 'Cobrado parcialmente',
    };
  });
}

/** The "Vencimientos" block of an issued invoice's PDF (dates and amounts). pdfkit's document is passed in. */
export async function escribirVencimientos(
  doc: PDFKit.PDFDocument,
  db: Db,
  empresaId: number,
  h: Cabecera,
): Promise<void> {
  if (!KINDS_FACTURA.includes(h.tipo) || h.numero === null) return;
  const plazos = await cargarVencimientos(db, empresaId, h.id);
  if (!plazos.length) return;
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Vencimientos', 40);
  doc.font('Helvetica');
  for (const p of plazos) {
    doc.text(`${p.Fecha.split('-').reverse().join('/')}    ${formatAmount(p.Importe)}`, 40);
  }
}

/** Overdue invoices' SQL pieces shared by the list and its count. */
function vencidasQuery(db: Db, empresaId: number, hoy: string, filtros: Record<string, unknown>) {
  const venc = db
    .select({
      idFactura: vv.idFactura,
      primero: sql<string>`min(${vv.fecha})`.as('primero'),
      vencido: sql<string>`sum(${vv.importe} - ${vv.cobrado})`.as('vencido'),
    })
    .from(vv)
    .where(and(eq(vv.empresaId, empresaId), lt(vv.fecha, hoy), ne(vv.importe, vv.cobrado)))
    .groupBy(vv.idFactura)
    .as('venc');
  const conds: (SQL | undefined)[] = [
    eq(dv.empresaId, empresaId),
    inArray(dv.tipo, KINDS_FACTURA),
    isNotNull(dv.numero),
    ne(dv.estado, 'Anulada'),
    sql`coalesce(${dv.estadoCobro}, 'Pendiente') <> 'Cobrado'`,
  ];
  if (filtros.Cliente !== undefined && Number.isSafeInteger(Number(filtros.Cliente)))
    conds.push(eq(dv.idCliente, Number(filtros.Cliente)));
  const fecha = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
  if (fecha(filtros.FechaDesde)) conds.push(gte(dv.fecha, filtros.FechaDesde as string));
  if (fecha(filtros.FechaHasta)) conds.push(lte(dv.fecha, filtros.FechaHasta as string));
  return { venc, where: and(...conds) };
}

/**
 * `GET /api/ventas/fventa/vencidas`: issued invoices, not cancelled nor fully collected, with an instalment due
 * before today still unpaid. Each row: the oldest unpaid due date, days overdue, the overdue part and what is
 * pending of the whole invoice. Oldest first. Filters Cliente, FechaDesde/FechaHasta (invoice date).
 */
export function registerVencidas(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/ventas/fventa/vencidas',
    {
      config: { access: access.permission('VentasFact', 1) },
      schema: { tags: ['ventas'], summary: 'Facturas vencidas y no cobradas' },
    },
    async (request) => {
      const scope = deps.scopeOf(request);
      const q = parseListQuery(request.query);
      const hoy = hoyEspana();
      const { venc, where } = vencidasQuery(scope.db, scope.empresaId, hoy, q.Filtros);
      const cobrado = sql<string>`(select coalesce(sum(c.importe), 0) from cobros_venta c
        where c.empresa_id = ${dv.empresaId} and c.id_factura = ${dv.id})`;
      const rows = await scope.db
        .select({
          Id: dv.id,
          Tipo: dv.tipo,
          NumSerie: dv.numSerie,
          Fecha: dv.fecha,
          Cliente: dv.idCliente,
          ClienteNombre: dv.clienteNombre,
          Total: dv.total,
          EstadoCobro: dv.estadoCobro,
          Cobrado: sql<string>`${cobrado}::text`,
          PrimerVencimiento: venc.primero,
          ImporteVencido: sql<string>`${venc.vencido}::text`,
        })
        .from(dv)
        .innerJoin(venc, eq(venc.idFactura, dv.id))
        .where(where)
        .orderBy(asc(venc.primero), asc(dv.id))
        .limit(q.TotalPagina)
        .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
      const capped = scope.db
        .select({ one: sql`1` })
        .from(dv)
        .innerJoin(venc, eq(venc.idFactura, dv.id))
        .where(where)
        .limit(COUNT_CAP + 1)
        .as('c');
      const [count] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(capped);
      const total = Number(count?.n ?? 0);
      return {
        Fecha: hoy,
        Items: rows.map((r) => ({
          ...r,
          Cobrado: toFixed(dec(r.Cobrado), 2),
          ImporteVencido: toFixed(dec(r.ImporteVencido), 2),
          Pendiente: toFixed(sub(dec(r.Total), dec(r.Cobrado)), 2),
          DiasVencida: diasEntre(String(r.PrimerVencimiento), hoy),
        })),
        Total: Math.min(total, COUNT_CAP),
        TotalLimitado: total > COUNT_CAP,
      };
    },
  );
}
