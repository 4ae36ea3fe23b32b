import { compare, dec, formatAmount, instalments, isZero, sub, toFixed, ZERO } from '@faro/domain';
import { and, asc, eq, gte, inArray, isNotNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import { COUNT_CAP, MAX_OFFSET, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { filaDe, type Scope } from '../../platform/tenancy/scope.ts';
import { col, fpagoTable } from '../../platform/tenancy/tables.ts';
import { TIPOS_FACTURA } from './conversiones.ts';
import type { Cabecera, EscrituraNumerada, LadoDocumentos, LecturaPrevia } from './lado.ts';

/** Today in Spain (due dates are calendar days of the company, not of UTC). */
export const hoyEspana = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());

const diasEntre = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

/** An instalment as the API shows it: the stored row, its settled amount under the side's name, what is pending. */
export interface VencimientoJson {
  Plazo: number;
  Fecha: string;
  Importe: string;
  Pendiente: string;
  /** Pendiente, Cobrado / Pagado, Cobrado parcialmente / Pagado parcialmente. */
  Estado: string;
  /** Cobrado (sales) or Pagado (purchases). */
  [liquidado: string]: string | number;
}

/** A column's quoted name, for raw fragments. */
const n = (k: { name: string }) => sql.identifier(k.name);

const esFactura = (tipo: string) => (TIPOS_FACTURA as readonly string[]).includes(tipo);

/**
 * Due dates of one side's invoices (an engine part): written when an invoice is issued / registered
 * (from its payment method and the party's payment days), settled by the side's payments in date order, shown on
 * the invoice, its PDF and the overdue view. `Liquidado` is named by the side (`Cobrado` / `Pagado`).
 */
export function vencimientosDe(lado: LadoDocumentos) {
  const { vencimientos: vv, pagos: cv } = lado.pagos.tablas;
  const { cabecera: dv } = lado.tablas;
  const palabras = lado.pagos.estados;
  const j = lado.json;

  /**
   * The party's payment days and its payment method, as one json value: a read folded into issuing's first
   * statement (`LecturaPrevia`, over the party's row `t`). The method is the invoice's, else the party's.
   */
  const PAGO_JSON: LecturaPrevia['sql'] = (p, de) => {
    const tt = lado.tercero.table;
    const cc = (k: string) => n(col(tt, k));
    const fc = (k: string) => n(col(fpagoTable, k));
    return sql`select json_build_object('d1', t.${cc('DiaPago1')}, 'd2', t.${cc('DiaPago2')}, 'fp', f.${fc('Id')},
        'Plazos', f.${fc('Plazos')}, 'DiasPrimerPlazo', f.${fc('DiasPrimerPlazo')},
        'DiasEntrePlazos', f.${fc('DiasEntrePlazos')})
      from (select 1) uno left join ${fpagoTable} f
        on ${de('f')} and f.${fc('Id')} = coalesce(${p('pago_fpago')}::bigint, t.${cc('IdFormaPago')})`;
  };
  const lecturaPago = (idFormaPago: number | null): LecturaPrevia => ({
    nombre: 'pago',
    sql: PAGO_JSON,
    valores: { pago_fpago: idFormaPago },
  });

  /**
   * The instalments of an invoice being issued / registered, written INSIDE its numbering statement (one
   * round trip less): CTEs after the numbered header `d`, over the engine's placeholders `id` and `empresa` and the
   * values of `plazosDe`. Upserted (a fresh one settles nothing), any stored beyond them deleted; `plazosEscritos` is
   * the json of the rows written (amounts as text), which `vencimientosEscritos` turns into the API's instalments.
   */
  const plazosCtes: EscrituraNumerada['ctes'] = (p, de) => sql`
      v_sobran as (
        delete from ${vv} v where ${de('v')} and v.${n(vv.IdFactura)} = ${p('id')} and v.${n(vv.Plazo)} > ${p('v_cuantos')}::int
      ),
      v_escritos as (
        insert into ${vv} (${n(vv.empresaId)}, ${n(vv.IdFactura)}, ${n(vv.Plazo)}, ${n(vv.Fecha)}, ${n(vv.Importe)})
        select ${p('empresa')}::bigint, ${p('id')}::bigint, x.plazo, x.fecha, x.importe
        from unnest(${p('v_plazos')}::int[], ${p('v_fechas')}::date[], ${p('v_importes')}::numeric[]) as x(plazo, fecha, importe)
        on conflict (${n(vv.empresaId)}, ${n(vv.IdFactura)}, ${n(vv.Plazo)}) do update
          set ${n(vv.Fecha)} = excluded.${n(vv.Fecha)}, ${n(vv.Importe)} = excluded.${n(vv.Importe)},
            ${n(vv.Liquidado)} = default
        returning *
      )`;
  const plazosEscritos = sql`(select coalesce(json_agg(to_jsonb(w) || jsonb_build_object(
      ${sql.raw(`'${vv.Importe.name}'`)}, w.${n(vv.Importe)}::text, ${sql.raw(`'${vv.Liquidado.name}'`)},
      w.${n(vv.Liquidado)}::text)),
      '[]'::json) from v_escritos w)`;

  /**
   * The instalments of an invoice being issued / registered, as `plazosCtes`' values: its payment method's Plazos,
   * DiasPrimerPlazo and DiasEntrePlazos from the invoice date, moved to the party's payment days (DiaPago1/2);
   * without a payment method, one instalment due on the invoice date. `pago` is what `lecturaPago` read.
   */
  function plazosDe(f: Cabecera, pago: unknown): Record<string, unknown> {
    const r = pago as {
      d1: number | null;
      d2: number | null;
      fp: number | null;
      Plazos: number | null;
      DiasPrimerPlazo: number | null;
      DiasEntrePlazos: number | null;
    } | null;
    const fp = r && r.fp !== null ? r : undefined;
    const dias = [r?.d1, r?.d2].filter((d): d is number => typeof d === 'number');
    const plazos = instalments(
      f.fecha,
      f.total,
      { Plazos: fp?.Plazos ?? 1, DiasPrimerPlazo: fp?.DiasPrimerPlazo ?? 0, DiasEntrePlazos: fp?.DiasEntrePlazos ?? 0 },
      fp ? dias : [],
    );
    return {
      v_plazos: plazos.map((_, i) => i + 1),
      v_fechas: plazos.map((p) => p.Fecha),
      v_importes: plazos.map((p) => p.Importe),
      v_cuantos: plazos.length,
    };
  }

  /** `plazosEscritos`' answer as the API's instalments (as `cargarVencimientos` would read them). */
  function vencimientosEscritos(escritos: unknown): VencimientoJson[] {
    return comoJson(((escritos ?? []) as Record<string, unknown>[]).map((r) => filaDe(vv, r)));
  }

  /** Spreads an invoice's payments over its instalments in date order (called on every payment change). */
  async function liquidarVencimientos(t: Scope, idFactura: number): Promise<void> {
    const [{ pagado } = { pagado: '0' }] = await t.pick(
      { pagado: sql<string>`coalesce(sum(${cv.Importe}), 0)::text` },
      cv,
      eq(cv.IdFactura, idFactura),
    );
    const plazos = await t.select(vv, eq(vv.IdFactura, idFactura)).orderBy(asc(vv.Fecha), asc(vv.Plazo));
    let resto = dec(pagado);
    for (const p of plazos) {
      const importe = dec(p.Importe);
      // Same sign as the instalment (a corrective invoice's instalments and payments are negative).
      const mismoSigno = compare(importe, ZERO) * compare(resto, ZERO) > 0;
      let toma = ZERO;
      if (mismoSigno) {
        const cabe = compare(importe, ZERO) > 0 ? compare(resto, importe) <= 0 : compare(resto, importe) >= 0;
        toma = cabe ? resto : importe;
      }
      resto = sub(resto, toma);
      const nuevo = toFixed(toma, 2);
      if (nuevo !== p.Liquidado) {
        await t.update(vv, { Liquidado: nuevo }, and(eq(vv.IdFactura, idFactura), eq(vv.Plazo, p.Plazo))!);
      }
    }
  }

  /** An invoice's instalments in date order, with what is settled (Cobrado / Pagado) and pending of each. */
  async function cargarVencimientos(s: Scope, idFactura: number): Promise<VencimientoJson[]> {
    const rows = await s.select(vv, eq(vv.IdFactura, idFactura)).orderBy(asc(vv.Fecha), asc(vv.Plazo));
    return comoJson(rows);
  }

  /** Stored instalments as the API shows them, in date order (then instalment number). */
  function comoJson(rows: (typeof vv.$inferSelect)[]): VencimientoJson[] {
    const ordenadas = [...rows].sort((a, b) =>
      a.Fecha === b.Fecha ? Number(a.Plazo) - Number(b.Plazo) : a.Fecha < b.Fecha ? -1 : 1,
    );
    // The stored row is the JSON (its properties are the API's names) plus what is computed from it.
    return ordenadas.map(({ empresaId: _, IdFactura: __, Liquidado, ...r }) => {
      const pendiente = sub(dec(r.Importe), dec(Liquidado));
      return {
        ...r,
        [palabras.liquidado]: Liquidado,
        Pendiente: toFixed(pendiente, 2),
        Estado: isZero(dec(Liquidado)) ? 'Pendiente' : isZero(pendiente) ? palabras.liquidado : palabras.parcial,
      };
    });
  }

  /** The "Vencimientos" block of an issued invoice's PDF (dates and amounts). pdfkit's document is passed in. */
  async function escribirVencimientos(doc: PDFKit.PDFDocument, s: Scope, h: Cabecera): Promise<void> {
    if (!esFactura(h.tipo) || h.numero === null) return;
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
    const fecha = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    // VencimientoDesde/Hasta keep the instalments due in that range (the dashboard's ageing buckets): the rows and
    // their overdue part add up to the bucket.
    const venc = s
      .pick(
        {
          idFactura: vv.IdFactura,
          primero: sql<string>`min(${vv.Fecha})`.as('primero'),
          vencido: sql<string>`sum(${vv.Importe} - ${vv.Liquidado})`.as('vencido'),
        },
        vv,
        and(
          lt(vv.Fecha, hoy),
          ne(vv.Importe, vv.Liquidado),
          fecha(filtros.VencimientoDesde) ? gte(vv.Fecha, filtros.VencimientoDesde as string) : undefined,
          fecha(filtros.VencimientoHasta) ? lte(vv.Fecha, filtros.VencimientoHasta as string) : undefined,
        ),
      )
      .groupBy(vv.IdFactura)
      .as('venc');
    const conds: (SQL | undefined)[] = [
      inArray(dv.tipo, [...TIPOS_FACTURA]),
      isNotNull(dv.numero),
      ne(dv.estado, 'Anulada'),
      sql`coalesce(${dv.estadoCobro}, 'Pendiente') <> ${palabras.liquidado}`,
    ];
    const tercero = filtros[j.Tercero];
    if (tercero !== undefined && Number.isSafeInteger(Number(tercero))) conds.push(eq(dv.idTercero, Number(tercero)));
    if (fecha(filtros.FechaDesde)) conds.push(gte(dv.fecha, filtros.FechaDesde as string));
    if (fecha(filtros.FechaHasta)) conds.push(lte(dv.fecha, filtros.FechaHasta as string));
    return { venc, where: and(...conds) };
  }

  /**
   * `GET /api/{area}/{recurso}/vencidas`: issued / registered invoices, not cancelled nor fully settled, with an
   * instalment due before today still unpaid. Each row: the oldest unpaid due date, days overdue, the overdue part
   * and what is pending of the whole invoice. Oldest first. Filters: the party, FechaDesde/FechaHasta (invoice date),
   * VencimientoDesde/VencimientoHasta (the overdue instalments' due dates).
   */
  function registrarVencidas(app: FastifyInstance, deps: AppDeps, recurso: string): void {
    const def = lado.recursos[recurso]!;
    app.get(
      `/api/${lado.area}/${recurso}/vencidas`,
      {
        config: { access: access.permission(def.permission, 1, def.module) },
        schema: {
          tags: [lado.area],
          summary: `Facturas vencidas y no ${palabras.liquidado.toLowerCase().replace(/o$/, 'as')}`,
        },
      },
      async (request) => {
        const scope = deps.scopeOf(request);
        const q = parseListQuery(request.query);
        const hoy = hoyEspana();
        const { venc, where } = vencidasQuery(scope, hoy, q.Filtros);
        // What each invoice has settled: a correlated sub-query through the door (it carries the company).
        const pagado = sql<string>`(${scope.pick({ s: sql`coalesce(sum(${cv.Importe}), 0)` }, cv, eq(cv.IdFactura, dv.id))})`;
        const rows = await scope
          .pick(
            {
              Id: dv.id,
              Tipo: dv.tipo,
              NumSerie: dv.numSerie,
              Fecha: dv.fecha,
              Tercero: dv.idTercero,
              TerceroNombre: dv.terceroNombre,
              Total: dv.total,
              EstadoCobro: dv.estadoCobro,
              Liquidado: sql<string>`${pagado}::text`,
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
          Items: rows.map(({ Tercero, TerceroNombre, EstadoCobro, Liquidado, ...r }) => ({
            Id: r.Id,
            Tipo: r.Tipo,
            NumSerie: r.NumSerie,
            Fecha: r.Fecha,
            [j.Tercero]: Tercero,
            [j.TerceroNombre]: TerceroNombre,
            Total: r.Total,
            [j.EstadoCobro]: EstadoCobro,
            [palabras.liquidado]: toFixed(dec(Liquidado), 2),
            PrimerVencimiento: r.PrimerVencimiento,
            ImporteVencido: toFixed(dec(r.ImporteVencido), 2),
            Pendiente: toFixed(sub(dec(r.Total), dec(Liquidado)), 2),
            DiasVencida: diasEntre(String(r.PrimerVencimiento), hoy),
          })),
          Total: Math.min(total, COUNT_CAP),
          TotalLimitado: total > COUNT_CAP,
        };
      },
    );
  }

  return {
    lecturaPago,
    plazosCtes,
    plazosEscritos,
    plazosDe,
    vencimientosEscritos,
    liquidarVencimientos,
    cargarVencimientos,
    escribirVencimientos,
    registrarVencidas,
  };
}
export type Vencimientos = ReturnType<typeof vencimientosDe>;
