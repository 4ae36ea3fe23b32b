import {
  add,
  agruparExentas,
  calcularTotales,
  cantidadPendiente,
  type DestinoConversion,
  dec,
  decimalesPrecio,
  ES_FACTURA,
  MSG_VENTAS,
  NO_ANULADA,
  superaPendiente,
  type TipoIva,
  type Totales,
  TotalsError,
  tiposSegunRegimen,
  toFixed,
} from '@faro/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { likePattern } from '../../platform/crud/filters.ts';
import { COUNT_CAP, type ListQuery, MAX_OFFSET } from '../../platform/crud/listQuery.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import { plantilla, plantillasPorClave } from '../../platform/tenancy/plantilla.ts';
import { filaDe, type Scope, todoDe } from '../../platform/tenancy/scope.ts';
import { col, empresa, productosTable, seriesTable, tiposivaTable } from '../../platform/tenancy/tables.ts';
import { type CachesLista, cachePaginas, MAX_PAGINA_GUARDADA } from './cacheLista.ts';
import { type Cantidades, destinoDeTipo } from './cantidades.ts';
import type { Cabecera, EntradaDocumento, LadoDocumentos, LecturaPrevia, Linea, LineaEntrada } from './lado.ts';
import { tomarNumero } from './numeracion.ts';

export interface Preparado {
  cabecera: Omit<LadoDocumentos['tablas']['cabecera']['$inferInsert'], 'empresaId' | 'tipo' | 'estado'>;
  lineas: Omit<LadoDocumentos['tablas']['lineas']['$inferInsert'], 'empresaId' | 'idDocumento'>[];
}

const NOMBRE_LECTURA = /^[a-z][a-z0-9]*$/;

/** A column's quoted name, for raw fragments. */
const n = (c: { name: string }) => sql.identifier(c.name);

/** The stored document in the engine's words (to recompute it with today's master data, or to convert it). */
export function entradaDe(h: Cabecera, lineas: Linea[]): EntradaDocumento {
  return {
    Tercero: h.idTercero,
    Fecha: h.fecha,
    Serie: h.idSerie,
    IdCentro: h.idCentro,
    IdFormaPago: h.idFormaPago,
    IdComercial: h.idComercial,
    DireccionEnvio: h.direccionEnvio,
    Observaciones: h.observaciones,
    TxtLibre1: h.txtLibre1,
    TxtLibre2: h.txtLibre2,
    TxtLibre3: h.txtLibre3,
    NumTercero: h.numTercero,
    FechaTercero: h.fechaTercero,
    PorcRetencion: h.porcRetencion,
    Lineas: lineas.map((l) => lineaEnPalabras(l, {})),
  };
}

/** A stored line in the engine's and the API's words; `importes` (what the totals computed) go before its batch. */
function lineaEnPalabras<I extends object>(l: Linea, importes: I) {
  return {
    IdProducto: l.idProducto,
    Descripcion: l.descripcion,
    Cantidad: l.cantidad,
    Precio: l.precio,
    Descuento: l.descuento,
    TipoIva: l.tipoIva,
    ...importes,
    Lote: l.lote,
    Caducidad: l.caducidad,
    IdLineaOrigen: l.idLineaOrigen,
  };
}

/**
 * The stored rows of a document's lines (without the document's id): price and amount as the totals rounded them,
 * VAT and surcharge rates from the totals' breakdown by type.
 */
export function filasLineas(lineas: readonly LineaEntrada[], totales: Totales) {
  const porTipo = new Map(totales.Desglose.map((d) => [d.TipoIva, d]));
  return lineas.map((l, i) => {
    const d = porTipo.get(l.TipoIva);
    return {
      orden: i + 1,
      idProducto: l.IdProducto ?? null,
      descripcion: l.Descripcion,
      cantidad: l.Cantidad,
      precio: totales.Lineas[i]!.Precio,
      descuento: l.Descuento ?? '0',
      tipoIva: l.TipoIva,
      porcIva: d?.PorcentajeIva ?? '0',
      porcRecargo: d?.PorcentajeRecargo ?? '0',
      importe: totales.Lineas[i]!.Importe,
      lote: l.Lote ?? null,
      caducidad: l.Caducidad ?? null,
      idLineaOrigen: l.IdLineaOrigen ?? null,
    };
  });
}

/** The stored documents of one side: load, validate and total, create, update, delete, list, JSON. */
export function repositorioDe(lado: LadoDocumentos, cant: Cantidades) {
  const { cabecera: dv, lineas: dl } = lado.tablas;
  const j = lado.json;

  /** A header of one of `tipos` in the company, optionally locked; 404 when missing or of another kind. */
  // The whole-row reads of a header and of its lines are templates (SQL text built once).
  const cabeceraCon = (bloqueo: boolean) =>
    plantilla(
      (p, de) => sql`${todoDe(dv)} where ${de('t')} and t.${n(dv.id)} = ${p('id')}
        and t.${n(dv.tipo)} = any(${p('tipos')}::text[])${bloqueo ? sql` for update` : sql``}`,
    );
  const qCabecera = [cabeceraCon(false), cabeceraCon(true)] as const;
  // A line row as json with its driver's values (numeric as text, as node-postgres gives them): `filaDe` reads it.
  const lineaJson = sql.raw(
    `json_build_object(${Object.values(getTableColumns(dl))
      .map((k) => `'${k.name}', l."${k.name}"${k.columnType === 'PgNumeric' ? '::text' : ''}`)
      .join(', ')})`,
  );
  /** The header locked and its lines, in ONE statement (issuing's first read). */
  const qCabeceraYLineas = plantilla(
    (p, de) => sql`select t.*, (select coalesce(json_agg(${lineaJson} order by l.${n(dl.orden)}), '[]'::json)
        from ${dl} l where ${de('l')} and l.${n(dl.idDocumento)} = t.${n(dv.id)}) as faro_lineas
      from ${dv} t where ${de('t')} and t.${n(dv.id)} = ${p('id')} and t.${n(dv.tipo)} = any(${p('tipos')}::text[])
      for update of t`,
  );
  const qLineas = plantilla(
    (p, de) => sql`${todoDe(dl)} where ${de('t')} and t.${n(dl.idDocumento)} = any(${p('ids')}::bigint[])
      order by t.${n(dl.idDocumento)}, t.${n(dl.orden)}`,
  );

  async function cargarCabecera(s: Scope, id: number, tipos: readonly string[], lock = false): Promise<Cabecera> {
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    const [row] = await s.consulta(qCabecera[lock ? 1 : 0], { id, tipos });
    if (!row) throw notFound();
    return filaDe(dv, row) as Cabecera;
  }

  /** `cargarCabecera` (locked) and `cargarLineas` of that one document in one statement. */
  async function cargarConLineas(
    s: Scope,
    id: number,
    tipos: readonly string[],
  ): Promise<{ cabecera: Cabecera; lineas: Linea[] }> {
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    const [row] = await s.consulta<Record<string, unknown> & { faro_lineas: Record<string, unknown>[] }>(
      qCabeceraYLineas,
      { id, tipos },
    );
    if (!row) throw notFound();
    return { cabecera: filaDe(dv, row) as Cabecera, lineas: row.faro_lineas.map((l) => filaDe(dl, l) as Linea) };
  }

  async function cargarLineas(s: Scope, ids: number[]): Promise<Linea[]> {
    if (ids.length === 0) return [];
    const rows = await s.consulta(qLineas, { ids });
    return rows.map((r) => filaDe(dl, r) as Linea);
  }

  /** The API shape of a document (the spec's JSON names; the party's fields are named by the side). */
  function aJson(h: Cabecera, lineas?: Linea[]): Record<string, unknown> {
    return {
      Id: h.id,
      Tipo: h.tipo,
      [j.Tercero]: h.idTercero,
      [j.TerceroNombre]: h.terceroNombre,
      [j.TerceroNIF]: h.terceroNif,
      [j.TerceroDireccion]: h.terceroDireccion,
      [j.TerceroCodPostal]: h.terceroCodPostal,
      [j.TerceroPoblacion]: h.terceroPoblacion,
      [j.TerceroProvincia]: h.terceroProvincia,
      [j.TerceroPais]: h.terceroPais,
      ...(j.NumTercero ? { [j.NumTercero]: h.numTercero } : {}),
      ...(j.FechaTercero ? { [j.FechaTercero]: h.fechaTercero } : {}),
      RegimenIva: h.regimenIva,
      Fecha: h.fecha,
      Serie: h.idSerie,
      Numero: h.numero,
      NumSerie: h.numSerie,
      Estado: h.estado,
      Facturado: h.facturado,
      [j.EstadoCobro]: h.estadoCobro,
      IdCentro: h.idCentro,
      IdFormaPago: h.idFormaPago,
      IdComercial: h.idComercial,
      DireccionEnvio: h.direccionEnvio,
      Observaciones: h.observaciones,
      [`${j.TxtLibre}1`]: h.txtLibre1,
      [`${j.TxtLibre}2`]: h.txtLibre2,
      [`${j.TxtLibre}3`]: h.txtLibre3,
      PorcRetencion: h.porcRetencion,
      BaseImponible: h.baseImponible,
      TotalIva: h.totalIva,
      TotalRecargo: h.totalRecargo,
      TotalRetencion: h.totalRetencion,
      Total: h.total,
      Desglose: h.desglose,
      IdRectificada: h.idRectificada,
      TipoRectificativa: h.tipoRectificativa,
      ModoRectificativa: h.modoRectificativa,
      EmitidaEn: h.emitidaEn,
      ...(lineas
        ? {
            Lineas: lineas.map((l) => ({
              Id: l.id,
              ...lineaEnPalabras(l, { PorcentajeIva: l.porcIva, PorcentajeRecargo: l.porcRecargo, Importe: l.importe }),
            })),
          }
        : {}),
    };
  }

  /** The series of a document: the one given (of the right kind, active) or the kind's default; null when none. */
  async function resolverSerie(
    s: Scope,
    tipo: string,
    serieId: number | null | undefined,
    obligatoria: boolean,
  ): Promise<number | null> {
    const c = (f: string) => col(seriesTable, f);
    const tiposSerie = lado.seriesDe(tipo);
    if (serieId) {
      const [serie] = await s
        .pick({ id: c('Id') }, seriesTable, and(eq(c('Id'), serieId), inArray(c('TipoDocumento'), tiposSerie)))
        .limit(1);
      if (!serie) throw fieldError('Serie', MSG_VENTAS.serieNoValida);
      return serie.id as number;
    }
    const [d] = await s
      .pick(
        { id: c('Id') },
        seriesTable,
        and(eq(c('TipoDocumento'), tiposSerie[0]!), eq(c('Defecto'), true), eq(c('Baja'), false)),
      )
      .orderBy(asc(c('Id')))
      .limit(1);
    if (!d && obligatoria) throw fieldError('Serie', MSG_VENTAS.sinSerie);
    return (d?.id as number | undefined) ?? null;
  }

  /**
   * Validates a save body against the company's data and computes the authoritative totals: the party's data is
   * copied, every product and VAT type must exist in the company, the lines carry their rates and amounts.
   */
  /**
   * What preparing a document reads, in one statement: the party's row (as a select of its table maps it), the ids
   * of the given products that exist in the company, its VAT types, its price decimals. Null: no such party.
   */
  // One template per set of folded reads (`LecturaPrevia`), keyed by their names.
  const qMaestros = plantillasPorClave((clave) => {
    const tt = lado.tercero.table;
    const pc = (f: string) => n(col(productosTable, f));
    const vc = (f: string) => n(col(tiposivaTable, f));
    const extras = (clave ? clave.split(',') : []).map((nombre) => lecturasDe.get(nombre)!);
    return plantilla(
      (p, de) => sql`
        select t.*, (
          select coalesce(json_agg(json_build_object('Valor', v.${vc('Valor')}, 'Impuesto', v.${vc('Impuesto')},
            'PorcentajeIva', v.${vc('PorcentajeIva')}::text, 'GeneraRecargo', v.${vc('GeneraRecargo')},
            'PorcentajeRecargo', v.${vc('PorcentajeRecargo')}::text, 'Exencion', v.${vc('Exencion')},
            'Tipo', v.${vc('Tipo')}, 'Baja', v.${vc('Baja')}) order by v.${vc('Id')}), '[]')
          from ${tiposivaTable} v where ${de('v')}
        ) as faro_tipos, (
          select coalesce(json_agg(p.${pc('Id')}), '[]') from ${productosTable} p
          where ${de('p')} and p.${pc('Id')} = any(${p('productos')}::bigint[])
        ) as faro_productos, (
          select e.${n(empresa.decimalesRedondeo)} from empresas e where e.${n(empresa.id)} = ${p('empresa')}
        ) as faro_decimales${sql.join(
          extras.map((x) => sql`, (${x.sql(p, de)}) as ${sql.identifier(`faro_x_${x.nombre}`)}`),
          sql``,
        )}
        from ${tt} t where ${de('t')} and t.${n(col(tt, 'Id'))} = ${p('tercero')}
        limit 1`,
    );
  });
  /** The folded reads' fragments by name (the template of a set is built with the first ones seen). */
  const lecturasDe = new Map<string, LecturaPrevia>();

  /**
   * ONE statement (a template): the party, which of `productIds` exist, the VAT types, the company's decimals, and
   * the reads other parts of the caller's work fold into it (`extras`, answered by name in `lecturas`).
   */
  async function maestrosDe(s: Scope, idTercero: number, productIds: number[], extras: readonly LecturaPrevia[] = []) {
    const tt = lado.tercero.table;
    const valores: Record<string, unknown> = { tercero: idTercero, productos: productIds, empresa: s.empresaId };
    for (const x of extras) {
      if (!NOMBRE_LECTURA.test(x.nombre)) throw new Error(`Nombre de lectura no válido: ${x.nombre}`);
      if (!lecturasDe.has(x.nombre)) lecturasDe.set(x.nombre, x);
      for (const [k, v] of Object.entries(x.valores)) {
        if (!k.startsWith(`${x.nombre}_`)) throw new Error(`Valor de la lectura ${x.nombre} sin su prefijo: ${k}`);
        valores[k] = v;
      }
    }
    const [fila] = await s.consulta(qMaestros(extras.map((x) => x.nombre).join(',')), valores);
    if (!fila) return null;
    const tipos = (fila.faro_tipos as (Record<string, unknown> & { Tipo: string | null })[]).map(({ Tipo, ...t }) => ({
      ...t,
      // A type of class 'exento' at 0 % saved before the cause existed is still an exemption: E6 (otros) until set.
      Exencion: (t.Exencion as string | null) ?? (Tipo === 'exento' && Number(t.PorcentajeIva) === 0 ? 'E6' : null),
    })) as (TipoIva & { Baja: boolean })[];
    return {
      tercero: filaDe(tt, fila) as Record<string, unknown>,
      productos: (fila.faro_productos as (number | string)[]).map(Number),
      tipos,
      decimales: (fila.faro_decimales as number | null) ?? null,
      lecturas: Object.fromEntries(extras.map((x) => [x.nombre, fila[`faro_x_${x.nombre}`] ?? null])),
    };
  }

  /**
   * Validates and totals a document with the company's current master data. `extras`: reads of the caller's next
   * steps folded into the same statement (issuing: the series, the payment method, the stock row, the VeriFactu
   * context), answered in `lecturas` by name.
   */
  async function preparar(
    s: Scope,
    input: EntradaDocumento,
    extras: readonly LecturaPrevia[] = [],
  ): Promise<Preparado & { lecturas: Record<string, unknown> }> {
    const productIds = [...new Set(input.Lineas.map((l) => l.IdProducto).filter((x): x is number => !!x))];
    // ONE round trip: the party, which of the lines' products exist, the VAT types, the company's decimals.
    const leido = await maestrosDe(s, input.Tercero, productIds, extras);
    if (!leido) throw fieldError(lado.tercero.campo, lado.tercero.noExiste);
    const { tercero } = leido;
    if (productIds.length) {
      const ok = new Set(leido.productos);
      const bad = input.Lineas.findIndex((l) => l.IdProducto && !ok.has(l.IdProducto));
      if (bad >= 0) throw fieldError(`Lineas[${bad}].IdProducto`, MSG_VENTAS.productoNoExiste(bad + 1));
    }
    const tiposConfigurados = leido.tipos;
    const byValor = new Map(tiposConfigurados.map((t) => [t.Valor, t]));
    input.Lineas.forEach((l, i) => {
      if (!byValor.has(l.TipoIva))
        throw fieldError(`Lineas[${i}].TipoIva`, MSG_VENTAS.tipoIvaNoExiste(i + 1, l.TipoIva));
    });
    lado.tercero.comprobar?.(tercero, input, tiposConfigurados);
    const regimen = (tercero.RegimenIva as string | null) ?? null;
    const tipos = tiposSegunRegimen(tiposConfigurados, regimen);
    const recargo = regimen === 'recargo';
    const porcRetencion = input.PorcRetencion ?? '0';
    // Unit prices are rounded to the company's decimals (2–6) and stored so: the stored price gives the stored amount.
    const propia = { decimales: leido.decimales };
    let totales: ReturnType<typeof calcularTotales>;
    try {
      totales = calcularTotales(
        {
          Lineas: input.Lineas,
          RecargoEquivalencia: recargo,
          PorcRetencion: porcRetencion,
          DecimalesPrecio: decimalesPrecio(propia?.decimales),
        },
        tipos,
      );
    } catch (error) {
      if (error instanceof TotalsError) throw fieldError(`Lineas[${error.linea ?? 0}]`, error.message);
      throw error;
    }
    const txt = (k: string) => (tercero[k] as string | null | undefined) ?? null;
    return {
      lecturas: leido.lecturas,
      cabecera: {
        fecha: input.Fecha,
        idTercero: input.Tercero,
        terceroNombre: String(tercero.Nombre ?? ''),
        terceroNif: txt('NIF'),
        terceroDireccion: txt('Direccion'),
        terceroCodPostal: txt('CodPostal'),
        terceroPoblacion: txt('Poblacion'),
        terceroProvincia: txt('Provincia'),
        terceroPais: txt('Pais'),
        numTercero: input.NumTercero ?? null,
        fechaTercero: input.FechaTercero ?? null,
        regimenIva: regimen,
        direccionEnvio: input.DireccionEnvio ?? null,
        idCentro: input.IdCentro ?? null,
        idFormaPago: input.IdFormaPago ?? (tercero.IdFormaPago as number | null | undefined) ?? null,
        idComercial: input.IdComercial ?? (tercero.IdComercial as number | null | undefined) ?? null,
        observaciones: input.Observaciones ?? null,
        txtLibre1: input.TxtLibre1 ?? null,
        txtLibre2: input.TxtLibre2 ?? null,
        txtLibre3: input.TxtLibre3 ?? null,
        porcRetencion,
        baseImponible: totales.BaseImponible,
        totalIva: totales.TotalIva,
        totalRecargo: totales.TotalRecargo,
        totalRetencion: totales.TotalRetencion,
        total: totales.Total,
        desglose: agruparExentas(totales.Desglose),
      },
      lineas: filasLineas(input.Lineas, totales),
    };
  }

  /** Statuses a user may set by saving (issuing and cancelling invoices have their own actions). */
  const estadosEditables = (tipo: string): readonly string[] =>
    ES_FACTURA(tipo) ? (lado.estados[tipo] ?? []).slice(0, 1) : (lado.estados[tipo] ?? []);

  /** Creates a document (number taken at creation for orders, delivery notes… when a default series applies). */
  async function crearDocumento(
    s: Scope,
    tipo: string,
    prep: Preparado,
    serie: number | null | undefined,
    estado?: string | null,
  ): Promise<number> {
    const factura = ES_FACTURA(tipo);
    const estados = estadosEditables(tipo);
    if (estado && !estados.includes(estado)) throw fieldError('Estado', MSG_VENTAS.estadoNoValido);
    const idSerie = await resolverSerie(s, tipo, serie, false);
    const [row] = await s
      .insert(dv, {
        ...prep.cabecera,
        tipo,
        idSerie,
        estado: estado ?? estados[0]!,
        estadoCobro: factura ? 'Pendiente' : null,
      })
      .returning({ id: dv.id });
    const id = row!.id;
    await s.insert(
      dl,
      prep.lineas.map((l) => ({ ...l, idDocumento: id })),
    );
    if (!factura && idSerie) {
      const n = await tomarNumero(s, idSerie, prep.cabecera.fecha);
      await s.update(dv, { numero: n.Numero, numSerie: n.NumSerie, anyo: n.Anyo }, eq(dv.id, id));
    }
    return id;
  }

  /**
   * A new document from a save body, the one creation sequence (the save route, a purchase ticket, a received
   * e-invoice): the body read with the side's schema, the side's checks before (`guardar.antes`), prepared with the
   * company's master data, written (kind from the side, the body's series and status), the side's own data after
   * (`guardar.despues`). Inside the caller's transaction; the caller syncs stock when it moves any.
   */
  async function crearDesdeCuerpo(s: Scope, recurso: string, body: unknown): Promise<number> {
    const input = lado.aEntrada(parseBody(lado.cuerpo, body) as never);
    await lado.guardar?.antes?.(s, recurso, input, body);
    const prep = await preparar(s, input);
    const tipos = lado.recursos[recurso]!.tipos;
    const id = await crearDocumento(s, lado.tipoNuevo(tipos, input), prep, input.Serie, input.Estado);
    await lado.guardar?.despues?.(s, recurso, id, body);
    return id;
  }

  const esEmitida = (h: Cabecera) => ES_FACTURA(h.tipo) && h.numero !== null;

  /** Refuses changes to documents that can no longer change (issued invoices, cancelled or invoiced documents). */
  function comprobarEditable(h: Cabecera): void {
    if (esEmitida(h)) throw badRequest(lado.emision.inmutable);
    if (h.estado === 'Anulada') throw badRequest(MSG_VENTAS.anulado);
    if (h.facturado) throw badRequest(MSG_VENTAS.facturado);
  }

  /**
   * An edit keeps the partial-conversion rules: a line carried from another document stays within what is pending
   * there; a line already carried into other documents can't be removed nor go below what was carried.
   */
  async function comprobarCantidades(
    s: Scope,
    h: Cabecera,
    lineas: Preparado['lineas'],
    conservadas: Map<number, number>,
    quitadas: Linea[],
  ): Promise<boolean> {
    const destino = destinoDeTipo(h.tipo);
    const conOrigen = lineas.flatMap((l, i) => (l.idLineaOrigen ? [{ l, i }] : []));
    if (destino && conOrigen.length) {
      const origenes = conOrigen.map(({ l }) => l.idLineaOrigen as number);
      const cantidades = new Map(
        (await s.pick({ id: dl.id, cantidad: dl.cantidad }, dl, inArray(dl.id, origenes))).map((r) => [
          r.id,
          r.cantidad,
        ]),
      );
      const otras = await cant.cantidadesLlevadas(s, origenes, destino, h.id);
      const pedidoAqui = new Map<number, string>();
      for (const { l, i } of conOrigen) {
        const origen = l.idLineaOrigen as number;
        const cantidadOrigen = cantidades.get(origen);
        if (cantidadOrigen === undefined) continue;
        const suma = toFixed(add(dec(pedidoAqui.get(origen) ?? '0'), dec(l.cantidad)), 3);
        pedidoAqui.set(origen, suma);
        const queda = cantidadPendiente(cantidadOrigen, otras.get(origen) ?? '0');
        if (superaPendiente(suma, queda))
          throw fieldError(`Lineas[${i}].Cantidad`, MSG_VENTAS.cantidadSuperaPendiente(i + 1, queda));
      }
    }
    const llevadas = new Map<DestinoConversion, Map<number, string>>();
    for (const d of lado.conversiones[h.tipo] ?? []) {
      const dd = destinoDeTipo(d);
      if (dd)
        llevadas.set(dd, await cant.cantidadesLlevadas(s, [...conservadas.values(), ...quitadas.map((l) => l.id)], dd));
    }
    for (const l of quitadas)
      if ([...llevadas.values()].some((m) => Number(m.get(l.id) ?? 0) !== 0))
        throw badRequest(MSG_VENTAS.lineaConDestino(l.orden));
    for (const [i, lineaId] of conservadas)
      for (const m of llevadas.values()) {
        const llevado = m.get(lineaId);
        if (llevado && Number(llevado) !== 0 && superaPendiente(llevado, lineas[i]!.cantidad))
          throw fieldError(`Lineas[${i}].Cantidad`, MSG_VENTAS.cantidadMenorQueLlevada(i + 1, llevado));
      }
    return [...llevadas.values()].some((m) => m.size > 0);
  }

  async function actualizarDocumento(
    s: Scope,
    h: Cabecera,
    prep: Preparado,
    serie: number | null | undefined,
    estado?: string | null,
    idsLineas?: readonly unknown[],
  ): Promise<void> {
    comprobarEditable(h);
    const tipo = h.tipo;
    if (estado && !estadosEditables(tipo).includes(estado)) throw fieldError('Estado', MSG_VENTAS.estadoNoValido);
    const idSerie = ES_FACTURA(tipo) ? await resolverSerie(s, tipo, serie, false) : h.idSerie;
    // Lines keep their ids (and their origin) when the body gives them back: other documents point at them.
    const antes = await cargarLineas(s, [h.id]);
    const porId = new Map(antes.map((l) => [l.id, l]));
    const conservadas = new Map<number, number>(); // index in the body → existing line id
    idsLineas?.forEach((v, i) => {
      const lineaId = Number(v);
      if (porId.has(lineaId) && ![...conservadas.values()].includes(lineaId)) conservadas.set(i, lineaId);
    });
    const lineas = prep.lineas.map((l, i) => ({
      ...l,
      idLineaOrigen: conservadas.has(i) ? porId.get(conservadas.get(i)!)!.idLineaOrigen : null,
    }));
    const quitadas = antes.filter((l) => ![...conservadas.values()].includes(l.id));
    await cant.bloquearDocumentos(s, await cant.documentosOrigen(s, h.id));
    const esOrigen = await comprobarCantidades(s, h, lineas, conservadas, quitadas);
    if (quitadas.length)
      await s.delete(
        dl,
        inArray(
          dl.id,
          quitadas.map((l) => l.id),
        ),
      );
    await s.update(dv, { ...prep.cabecera, idSerie, estado: estado ?? h.estado }, eq(dv.id, h.id));
    const nuevas = lineas.filter((_, i) => !conservadas.has(i));
    for (const [i, lineaId] of conservadas) await s.update(dl, lineas[i]!, eq(dl.id, lineaId));
    if (nuevas.length)
      await s.insert(
        dl,
        nuevas.map((l) => ({ ...l, idDocumento: h.id })),
      );
    // Quantities carried from other documents may have changed: their statuses follow; so does this document's own
    // (an order delivered in part gets a line more) unless the save sets its status on purpose.
    const origenes = await cant.documentosOrigen(s, h.id);
    if (esOrigen && (!estado || estado === h.estado)) origenes.push(h.id);
    await cant.recalcularOrigenes(s, origenes, true);
  }

  async function borrarDocumento(s: Scope, h: Cabecera): Promise<void> {
    if (ES_FACTURA(h.tipo) ? h.numero !== null : h.facturado) throw badRequest(MSG_VENTAS.soloBorradores);
    // A document already carried into another one (its lines are origins) stays: the chain must not break.
    const [convertido] = await s
      .pick({ id: dl.id }, dl, inArray(dl.idLineaOrigen, s.pick({ id: dl.id }, dl, eq(dl.idDocumento, h.id))))
      .limit(1);
    if (convertido) throw badRequest(MSG_VENTAS.convertido);
    const origenes = await cant.documentosOrigen(s, h.id);
    await s.delete(dl, eq(dl.idDocumento, h.id));
    await s.delete(dv, eq(dv.id, h.id));
    // The quantities it had taken are free again.
    await cant.recalcularOrigenes(s, origenes, true);
  }

  /**
   * Index-backed list: (company, tipo, fecha, id); filters Estado (NoAnulada: every status but Anulada), the
   * payment/collection status, the party (by its JSON name), FechaDesde/Hasta, Facturado, Borrador and Buscar
   * (contains, case-insensitive, like the entities' search: `columnasBuscar`; trigram indexes).
   */
  /**
   * What Buscar looks in: the number, the party's name and NIF, and the party's own number where the side has one
   * (a received invoice is known by the supplier's number on the paper). Each has a trigram index (tablas.ts).
   */
  const columnasBuscar = [dv.numSerie, dv.terceroNombre, dv.terceroNif, ...(j.NumTercero ? [dv.numTercero] : [])];
  /** The WHERE of a list and a key naming it (the normalised filters that made it), for the count cache. */
  function filtroLista(tipos: readonly string[], q: ListQuery): { where: SQL | undefined; clave: string } {
    const f = q.Filtros as Record<string, unknown>;
    const conds: (SQL | undefined)[] = [inArray(dv.tipo, [...tipos])];
    const partes: unknown[] = [getTableName(dv), tipos];
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    if (str(f.Estado)) {
      conds.push(f.Estado === NO_ANULADA ? ne(dv.estado, 'Anulada') : eq(dv.estado, f.Estado as string));
      partes.push('e', f.Estado);
    }
    if (str(f[j.EstadoCobro])) {
      conds.push(eq(dv.estadoCobro, f[j.EstadoCobro] as string));
      partes.push('c', f[j.EstadoCobro]);
    }
    if (typeof f.Facturado === 'boolean') {
      conds.push(eq(dv.facturado, f.Facturado));
      partes.push('f', f.Facturado);
    }
    const tercero = f[j.Tercero];
    if (tercero !== undefined && Number.isSafeInteger(Number(tercero))) {
      conds.push(eq(dv.idTercero, Number(tercero)));
      partes.push('t', Number(tercero));
    }
    if (str(f.FechaDesde) && /^\d{4}-\d{2}-\d{2}$/.test(f.FechaDesde as string)) {
      conds.push(gte(dv.fecha, f.FechaDesde as string));
      partes.push('d', f.FechaDesde);
    }
    if (str(f.FechaHasta) && /^\d{4}-\d{2}-\d{2}$/.test(f.FechaHasta as string)) {
      conds.push(lte(dv.fecha, f.FechaHasta as string));
      partes.push('h', f.FechaHasta);
    }
    if (f.Borrador === true) {
      conds.push(isNull(dv.numero));
      partes.push('b');
    }
    const buscar = f.Buscar === undefined || f.Buscar === null ? '' : String(f.Buscar).trim();
    if (buscar) {
      const p = likePattern(buscar);
      conds.push(or(...columnasBuscar.map((c) => ilike(c, p))));
      partes.push('s', buscar);
    }
    return { where: and(...conds.filter(Boolean)), clave: JSON.stringify(partes) };
  }

  /**
   * A page of the list with its capped total. `version`: the company's documents version read with the request's
   * context (before these queries); with it and the app's `caches` the capped count is kept per company and filters
   * until a document of the company changes (cacheLista.ts), so a repeated list costs the page query alone.
   */
  async function listarDocumentos(
    scope: Scope,
    tipos: readonly string[],
    q: ListQuery,
    version?: number | null,
    caches?: CachesLista,
  ) {
    const { where, clave } = filtroLista(tipos, q);
    const offset = Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET);
    const order =
      q.Descendente === false && q.Orden === 'Fecha' ? [asc(dv.fecha), asc(dv.id)] : [desc(dv.fecha), desc(dv.id)];
    const claveCuenta = `${scope.empresaId}|${clave}`;
    const cuentas = typeof version === 'number' ? caches?.cuentas : undefined;
    const guardada = cuentas?.get(claveCuenta, version!);
    const contar = async () => {
      if (guardada !== undefined) return guardada;
      // Capped count: at most COUNT_CAP + 1 matching rows are read (index-only on the list's indexes).
      const capped = scope.pick({ one: sql`1` }, dv, where).limit(COUNT_CAP + 1);
      const [count] = await scope.execute<{ n: number }>(() => sql`select count(*)::int as n from (${capped}) c`);
      const n = Number(count?.n ?? 0);
      cuentas?.set(claveCuenta, version!, n);
      return n;
    };
    // The page and the count on two pooled connections at once (one round trip of wall time, not two).
    const [rows, total] = await Promise.all([
      scope
        .select(dv, where)
        .orderBy(...order)
        .limit(q.TotalPagina)
        .offset(offset),
      contar(),
    ]);
    return {
      Items: rows.map((r) => aJson(r)),
      Total: Math.min(total, COUNT_CAP),
      TotalLimitado: total > COUNT_CAP,
    };
  }

  /**
   * The list's answer as JSON bytes (exactly what Fastify would serialise from `listarDocumentos`), kept whole per
   * company, filters and page at the company's documents version (cacheLista.ts).
   */
  async function listarDocumentosJson(
    scope: Scope,
    tipos: readonly string[],
    q: ListQuery,
    version: number | null,
    caches: CachesLista,
  ): Promise<Buffer> {
    const usar = typeof version === 'number' && cachePaginas.activa;
    const { paginas } = caches;
    const clave = usar
      ? `${scope.empresaId}|${filtroLista(tipos, q).clave}|${q.Pagina}|${q.TotalPagina}|${q.Descendente === false && q.Orden === 'Fecha' ? 'a' : 'd'}`
      : '';
    if (usar) {
      const guardada = paginas.get(clave, version);
      if (guardada !== undefined) return guardada;
    }
    const json = Buffer.from(JSON.stringify(await listarDocumentos(scope, tipos, q, version, caches)));
    if (usar && json.length <= MAX_PAGINA_GUARDADA) paginas.set(clave, version, json);
    return json;
  }

  return {
    cargarCabecera,
    cargarConLineas,
    cargarLineas,
    aJson,
    resolverSerie,
    preparar,
    estadosEditables,
    crearDocumento,
    crearDesdeCuerpo,
    esEmitida,
    comprobarEditable,
    actualizarDocumento,
    borrarDocumento,
    listarDocumentos,
    listarDocumentosJson,
  };
}
export type Repositorio = ReturnType<typeof repositorioDe>;
