import { MSG_VENTAS } from '@faro/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../platform/http/errors.ts';
import { plantilla, plantillasPorClave } from '../../platform/tenancy/plantilla.ts';
import { filaDe, type Scope } from '../../platform/tenancy/scope.ts';
import { asentarDocumentos } from '../contabilidad/libro.ts';
import { TIPOS_FACTURA } from './conversiones.ts';
import type {
  BloqueoNumerado,
  Cabecera,
  EscrituraNumerada,
  LadoDocumentos,
  LecturaPrevia,
  Linea,
  PasoNumerado,
} from './lado.ts';
import { anyoDe, contadorSql, fechaAnterior, lecturaSerie, leerSerie, serieLeida } from './numeracion.ts';
import { entradaDe, type Repositorio } from './repositorio.ts';
import type { VencimientoJson, Vencimientos } from './vencimientos.ts';

export interface OpcionesEmision {
  /** Retail activities of RD 1619/2012 art. 4.2: simplified invoices up to 3,000 € instead of 400 € (sales). */
  Minorista?: boolean;
  /**
   * Work of the same transaction that does not need the number (the stock moved by the invoice): it runs before
   * the number so the series' counter row stays locked as briefly as possible (issuing throughput per series). It
   * gets the recomputed header (not yet numbered) and the lines as stored, so it need not read them again.
   */
  antesDelNumero?: (t: Scope, h: Cabecera, lineas: readonly LineaEmitida[], leido: unknown) => Promise<unknown>;
  /** What `antesDelNumero` reads, folded into the issue's first statement (its answer comes as `leido`). */
  lectura?: (t: Scope, h: Cabecera, lineas: readonly Linea[]) => LecturaPrevia;
}

/**
 * What issuing wrote, as `edit/{id}` would read it back (the route answers from it, without reading the
 * invoice again): the stored header (the numbering statement's RETURNING), the stored lines, the instalments.
 */
export interface Emision {
  cabecera: Cabecera;
  lineas: Linea[];
  vencimientos: VencimientoJson[];
  /** What the caller's `antesDelNumero` answered (the route: the document's warehouse after the stock sync). */
  antes: unknown;
  /** What the side's numbered step answered (sales: the VeriFactu record's cotejo URL). */
  paso: unknown;
}

/** A line of the invoice being issued, as stored (its id may be new when the recomputation rewrote the lines). */
export interface LineaEmitida {
  idProducto?: number | null | undefined;
  cantidad: string;
  idLineaOrigen?: number | null | undefined;
}

const c = (column: { name: string }) => sql.identifier(column.name);

/** Numeric text without its trailing zeros ("2.500" → "2.5", "3.000" → "3"), to compare amounts as numbers. */
function numerico(v: unknown): string {
  const t = v === null || v === undefined ? '' : String(v);
  return t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t;
}

const CAMPOS_TEXTO = ['idProducto', 'descripcion', 'tipoIva', 'lote', 'caducidad', 'idLineaOrigen'] as const;
const CAMPOS_NUMERO = ['cantidad', 'precio', 'descuento', 'porcIva', 'porcRecargo', 'importe'] as const;

/** Whether the recomputed lines are the stored ones, field by field (amounts compared as numbers). */
function mismasLineas(guardadas: Linea[], nuevas: Record<string, unknown>[]): boolean {
  if (guardadas.length !== nuevas.length) return false;
  return guardadas.every((g, i) => {
    const n = nuevas[i]!;
    const r = g as unknown as Record<string, unknown>;
    if (r.orden !== n.orden) return false;
    if (CAMPOS_TEXTO.some((k) => (r[k] ?? null) !== (n[k] ?? null))) return false;
    return CAMPOS_NUMERO.every((k) => numerico(r[k]) === numerico(n[k]));
  });
}

/** Issuing (sales) or registering (purchases) an invoice: the one place an invoice takes its number. */
export function emisionDe(lado: LadoDocumentos, repo: Repositorio, venc: Vencimientos) {
  const { cabecera: dv, lineas: dl } = lado.tablas;

  const columnas = dv as unknown as Record<string, PgColumn>;
  // The numbering statement, a template per shape (~40 column assignments drizzle would rebuild per issue):
  // the shape is the set of recomputed columns (`c_<key>` values) and the side's locked row (`bloqueo`).
  const plantillas = plantillasPorClave((clave) => {
    const [, lista] = clave.split('|');
    return plantilla((p, de) => {
      const asignadas = sql.join(
        (lista ? lista.split(',') : []).map((k) => sql`${c(columnas[k]!)} = ${p(`c_${k}`)}`),
        sql`, `,
      );
      const contador = contadorSql({
        empresa: p('empresa'),
        serie: p('serie'),
        anyo: p('anyo'),
        fecha: p('fecha'),
        prefijo: p('prefijo'),
      });
      const lateral = clave.split('|')[0]!;
      const bloqueo = bloqueos.get(lateral);
      const escritura = escrituras.get(lateral);
      const numerada = sql`
        with n as (${contador}),
        d as (
          update ${dv} d set ${asignadas}, ${c(dv.numero)} = n.numero, ${c(dv.numSerie)} = n.num_serie,
            ${c(dv.anyo)} = ${p('anyo')}, ${c(dv.estado)} = ${p('estado')},
            ${c(dv.estadoCobro)} = 'Pendiente', ${c(dv.emitidaEn)} = clock_timestamp()
          from n where ${de('d')} and d.${c(dv.id)} = ${p('id')}
          returning d.*
        )`;
      // The due dates go in the same statement (`plazosCtes`: one round trip less per issue).
      const plazos = venc.plazosCtes(p, de);
      if (escritura) {
        return sql`${numerada}, ${plazos}, ${escritura.ctes(p, de)}
          select d.*, (${escritura.resultado(p, de)}) as faro_bloqueado, ${venc.plazosEscritos} as faro_vencimientos
          from d`;
      }
      return sql`${numerada}, ${plazos}
        select d.*, ${bloqueo ? sql`x.bloqueado` : sql`null`} as faro_bloqueado,
          ${venc.plazosEscritos} as faro_vencimientos from d
        ${bloqueo ? sql`left join lateral (${bloqueo(p, de, sql`d.${c(dv.numero)} is not null`)}) x on true` : sql``}`;
    });
  });
  // The locked rows' fragments and the written CTEs by their key (the template of a key is built with the first
  // seen; a written key is prefixed `w:` so that it never names a lock's fragment).
  const bloqueos = new Map<string, BloqueoNumerado['sql']>();
  const escrituras = new Map<string, EscrituraNumerada>();
  const numeracion = (paso: PasoNumerado | undefined, columnasRecalculadas: string) => {
    const { bloqueo, escritura } = paso ?? {};
    if (escritura) {
      const k = `w:${escritura.clave}`;
      if (!escrituras.has(k)) escrituras.set(k, escritura);
      return plantillas(`${k}|${columnasRecalculadas}`);
    }
    if (bloqueo && !bloqueos.has(bloqueo.clave)) bloqueos.set(bloqueo.clave, bloqueo.sql);
    return plantillas(`${bloqueo?.clave ?? ''}|${columnasRecalculadas}`);
  };

  /**
   * Issues / registers a draft invoice. Call inside ONE transaction. Two phases, so that issuers of one series (and
   * of one VeriFactu chain) queue for as short a time as possible:
   *   1. without any shared lock (only the draft's own row): lock and load the draft and its lines, recompute its
   *      totals and copy the party's current data, run the side's checks (sales: limits, NIF), read the series,
   *      rewrite the lines when the recomputation changed them, run the side's work and the caller's (stock), and
   *      let the side prepare what its numbered work needs (sales: the VeriFactu context and record template);
   *   2. the number, LAST, in ONE statement: the series' counter upsert (`contadorSql`: locks the counter row until
   *      commit), the header's UPDATE with the number and the side's status (Emitida / Registrada), the due dates,
   *      and the side's work that needs the number (sales: the chained VeriFactu record, which takes the chain head
   *      after the counter; `escritura`) — or, when the side cannot write it there, that work right after. Held
   *      under the counter lock: that statement (and that work) and the commit.
   * Lock order, always: draft row → series counter → chain head (docs/ARCHITECTURE.md, "Issuing: locks").
   */
  async function emitir(s: Scope, id: number, op: OpcionesEmision = {}): Promise<Cabecera> {
    return (await emitirDetallado(s, id, op)).cabecera;
  }

  /** `emitir`, answering everything it wrote (`Emision`). */
  async function emitirDetallado(s: Scope, id: number, op: OpcionesEmision = {}): Promise<Emision> {
    // The draft locked (its own row) and its lines: one statement.
    const { cabecera: h, lineas } = await repo.cargarConLineas(s, id, TIPOS_FACTURA);
    if (h.numero !== null) throw badRequest(lado.emision.yaHecha);
    if (h.estado === 'Anulada') throw badRequest(MSG_VENTAS.anulado);
    if (lineas.length === 0) throw badRequest(MSG_VENTAS.sinLineas);
    // ONE statement reads the master data and, folded into it, what the next steps need: the series, the
    // payment method, the side's and the caller's reads (sales: the VeriFactu context; the route: the stock row).
    const delLado = lado.emision.lectura?.(s, h);
    const delLlamante = op.lectura?.(s, h, lineas);
    const lecturas = [
      ...(h.idSerie ? [lecturaSerie(h.idSerie)] : []),
      venc.lecturaPago(h.idFormaPago),
      ...(delLado ? [delLado] : []),
      ...(delLlamante ? [delLlamante] : []),
    ];
    const prep = await repo.preparar(s, entradaDe(h, lineas), lecturas);
    const leido = prep.lecturas;
    lado.emision.comprobar?.({ ...h, ...prep.cabecera } as Cabecera, { ...op });
    // The draft's series (of its kind) or the kind's default, with what numbering needs of it.
    const serie = h.idSerie
      ? serieLeida(h.idSerie, leido.serie, lado.seriesDe(h.tipo))
      : await leerSerie(s, (await repo.resolverSerie(s, h.tipo, null, true)) as number);
    const idSerie = serie.id;
    // The stored lines are rewritten only when the recomputation changed them (prices, rates, amounts).
    let guardadas = lineas;
    if (!mismasLineas(lineas, prep.lineas)) {
      await s.delete(dl, eq(dl.idDocumento, id));
      guardadas = (
        await s
          .insert(
            dl,
            prep.lineas.map((l) => ({ ...l, idDocumento: id })),
          )
          .returning()
      ).sort((a, b) => Number(a.orden) - Number(b.orden)) as Linea[];
    }
    const antes = { ...h, ...prep.cabecera, idSerie } as Cabecera;
    // The side's own work and the caller's (stock); the due dates are written by the numbering statement.
    await lado.emision.antesDelNumero?.(s, antes, { ...op });
    const antesHecho = op.antesDelNumero
      ? await op.antesDelNumero(s, antes, prep.lineas, delLlamante ? leido[delLlamante.nombre] : undefined)
      : undefined;
    const preparado: PasoNumerado | undefined = lado.emision.prepararDespuesDelNumero
      ? await lado.emision.prepararDespuesDelNumero(s, antes, delLado ? leido[delLado.nombre] : undefined, serie)
      : lado.emision.despuesDelNumero && { paso: lado.emision.despuesDelNumero };
    // Last step: the number. ONE statement locks the series' counter row (until commit), moves it, stamps the number
    // and the side's status on the header and, when the side asks, locks and reads its row (the chain head) AFTER the
    // counter: the LATERAL join depends on the updated header. Only the side's work that needs the number follows —
    // or nothing, when the side writes it inside this statement (`escritura`: sales, the VeriFactu record).
    // The recomputed header (totals, party data) goes in the same UPDATE, each value as its column writes it.
    const recomputada = Object.entries({ ...prep.cabecera, idSerie }).filter(([, v]) => v !== undefined);
    const bloqueo = preparado?.escritura ? undefined : preparado?.bloqueo;
    const valores: Record<string, unknown> = {
      id,
      empresa: s.empresaId,
      serie: serie.id,
      anyo: anyoDe(serie, h.fecha),
      fecha: h.fecha,
      prefijo: serie.prefijo,
      estado: lado.emision.estado,
      ...(preparado?.escritura?.valores ?? bloqueo?.valores),
      // The instalments from the payment method (both sides).
      ...venc.plazosDe(antes, leido.pago),
    };
    for (const [k, v] of recomputada) valores[`c_${k}`] = v === null ? null : columnas[k]!.mapToDriverValue(v);
    // The header comes back whole (RETURNING d.*): the stored row, as a select of it would map it.
    const [n] = await s.consulta<Record<string, unknown> & { faro_bloqueado: unknown; faro_vencimientos: unknown }>(
      numeracion(preparado, recomputada.map(([k]) => k).join(',')),
      valores,
    );
    if (!n) return fechaAnterior(s, serie, h.fecha);
    const hecha = filaDe(dv, n) as Cabecera;
    const paso = await preparado?.paso(s, hecha, n.faro_bloqueado ?? null);
    const vencimientos = venc.vencimientosEscritos(n.faro_vencimientos);
    // Its entry in the ledger, in the same transaction (after every lock of issuing: the year's counter is last).
    await asentarDocumentos(s, lado.lado === 'venta' ? 'venta' : 'compra', [id]);
    return { cabecera: hecha, lineas: guardadas, vencimientos, antes: antesHecho, paso };
  }

  return { emitir, emitirDetallado };
}
