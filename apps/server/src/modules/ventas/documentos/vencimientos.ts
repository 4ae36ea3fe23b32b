import { compare, dec, formatAmount, instalments, isZero, sub, toFixed, ZERO } from '@faro/domain';
import { and, asc, eq, gte, inArray, isNotNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../../platform/auth/access.ts';
import { COUNT_CAP, MAX_OFFSET, parseListQuery } from '../../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import {
  type Cabecera,
  clientesTable,
  col,
  cobrosVenta as cv,
  documentosVenta as dv,
  fpagoTable,
  vencimientosVenta as vv,
} from '../../../platform/tenancy/tables.ts';

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
export async function generarVencimientos(t: Scope, f: Cabecera): Promise<void> {
  const fc = (k: string) => col(fpagoTable, k);
  const [fp] = f.idFormaPago
    ? ((await t.pick(
        {
          Plazos: fc('Plazos'),
          DiasPrimerPlazo: fc('DiasPrimerPlazo'),
          DiasEntrePlazos: fc('DiasEntrePlazos'),
        },
        fpagoTable,
        eq(fc('Id'), f.idFormaPago),
      )) as {
        Plazos: number | null;
        DiasPrimerPlazo: number | null;
        DiasEntrePlazos: number | null;
      }[])
    : [];
  const cc = (k: string) => col(clientesTable, k);
  const [cli] = (await t.pick(
    { d1: cc('DiaPago1'), d2: cc('DiaPago2') },
    clientesTable,
    eq(cc('Id'), f.idTercero),
  )) as {
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
  await t.delete(vv, eq(vv.IdFactura, f.id));
  await t.insert(
    vv,
    plazos.map((p, i) => ({ IdFactura: f.id, Plazo: i + 1, Fecha: p.Fecha, Importe: p.Importe })),
  );
}

/** Spreads an invoice's collections over its instalments in date order (called on every collection change). */
export async function liquidarVencimientos(t: Scope, idFactura: number): Promise<void> {
  const [{ cobrado } = { cobrado: '0' }] = await t.pick(
    { cobrado: sql<string>`coalesce(sum(${cv.Importe}), 0)::text` },
    cv,
    eq(cv.IdFactura, idFactura),
  );
  const plazos = await t.select(vv, eq(vv.IdFactura, idFactura)).orderBy(asc(vv.Fecha), asc(vv.Plazo));
  let resto = dec(cobrado);
  for (const p of plazos) {
    const importe = dec(p.Importe);
    // Same sign as the instalment (a corrective invoice's instalments and collections are negative).
    const mismoSigno = compare(importe, ZERO) * compare(resto, ZERO) > 0;
    let toma = ZERO;
    if (mismoSigno) {
      const cabe = compare(importe, ZERO) > 0 ? compare(resto, importe) <= 0 : compare(resto, importe) >= 0;
      toma = cabe ? resto : importe;
    }
    resto = sub(resto, toma);
    const nuevo = toFixed(toma, 2);
    if (nuevo !== p.Cobrado) {
      await t.update(vv, { Cobrado: nuevo }, and(eq(vv.IdFactura, idFactura), eq(vv.Plazo, p.Plazo))!);
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
export async function cargarVencimientos(s: Scope, idFactura: number): Promise<VencimientoJson[]> {
  const rows = await s.select(vv, eq(vv.IdFactura, idFactura)).orderBy(asc(vv.Fecha), asc(vv.Plazo));
  // The stored row is the JSON (its properties are the API's names) plus what is computed from it.
  return rows.map(({ empresaId: _, IdFactura: __, ...r }) => {
    const pendiente = sub(dec(r.Importe), dec(r.Cobrado));
    return {
      ...r,
      Pendiente: toFixed(pendiente, 2),
      Estado: isZero(dec(r.Cobrado)) ? 'Pendiente' : isZero(pendiente) ? 'Cobrado' : 'Cobrado parcialmente',
    };
  });
}

/** The "Vencimientos" block of an issued invoice's PDF (dates and amounts). pdfkit's document is passed in. */
export async function escribirVencimientos(doc: PDFKit.PDFDocument, s: Scope, h: Cabecera): Promise<void> {
  if (!KINDS_FACTURA.includes(h.tipo) || h.numero === null) return;
  const plazos = await cargarVencimientos(s, h.id);
  if (!plazos.length) return;
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Vencimientos', 40);
  doc.font('Helvetica');
  for (const p of plazos) {
    doc.text(`${p.Fecha.split('-').reverse().join('/')}    ${formatAmount(p.Importe)}`, 40);
  }
}

/** Overdue invoices' SQL pieces shared by the list and its count. */
function vencidasQuery(s: Scope, hoy: string, filtros: Record<string, unknown>) {
  const venc = s
    .pick(
      {
        idFactura: vv.IdFactura,
        primero: sql<string>`min(${vv.Fecha})`.as('primero'),
        vencido: sql<string>`sum(${vv.Importe} - ${vv.Cobrado})`.as('vencido'),
      },
      vv,
      and(lt(vv.Fecha, hoy), ne(vv.Importe, vv.Cobrado)),
    )
    .groupBy(vv.IdFactura)
    .as('venc');
  const conds: (SQL | undefined)[] = [
    inArray(dv.tipo, KINDS_FACTURA),
    isNotNull(dv.numero),
    ne(dv.estado, 'Anulada'),
    sql`coalesce(${dv.estadoCobro}, 'Pendiente') <> 'Cobrado'`,
  ];
  if (filtros.Cliente !== undefined && Number.isSafeInteger(Number(filtros.Cliente)))
    conds.push(eq(dv.idTercero, Number(filtros.Cliente)));
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
      const { venc, where } = vencidasQuery(scope, hoy, q.Filtros);
      // What each invoice has collected: a correlated sub-query through the door (it carries the company).
      const cobrado = sql<string>`(${scope.pick({ s: sql`coalesce(sum(${cv.Importe}), 0)` }, cv, eq(cv.IdFactura, dv.id))})`;
      const rows = await scope
        .pick(
          {
            Id: dv.id,
            Tipo: dv.tipo,
            NumSerie: dv.numSerie,
            Fecha: dv.fecha,
            Cliente: dv.idTercero,
            ClienteNombre: dv.terceroNombre,
            Total: dv.total,
            EstadoCobro: dv.estadoCobro,
            Cobrado: sql<string>`${cobrado}::text`,
            PrimerVencimiento: venc.primero,
            ImporteVencido: sql<string>`${venc.vencido}::text`,
          },
          dv,
          where,
        )
        .innerJoin(venc, eq(venc.idFactura, dv.id))
        .orderBy(asc(venc.primero), asc(dv.id))
        .limit(q.TotalPagina)
        .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
      const capped = scope
        .pick({ one: sql`1` }, dv, where)
        .innerJoin(venc, eq(venc.idFactura, dv.id))
        .limit(COUNT_CAP + 1);
      const [count] = await scope.execute<{ n: number }>(() => sql`select count(*)::int as n from (${capped}) c`);
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
