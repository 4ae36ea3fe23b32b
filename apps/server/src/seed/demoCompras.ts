import {
  agruparExentas,
  calcularTotales,
  decimalesPrecio,
  type LineaCalculo,
  sumarMeses,
  type TipoIva,
  tiposSegunRegimen,
} from '@faro/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { applyStockMoves } from '../modules/catalogo/stockRoutes.ts';
import { motorCompra } from '../modules/compras/ladoCompra.ts';
import { PROVEEDOR_VARIOS } from '../modules/compras/recibidas.ts';
import { filasLineas } from '../modules/documentos/repositorio.ts';
import type { Db } from '../platform/db/database.ts';
import { diaMas, laborableDesde } from '../platform/fechas.ts';
import type { Scope } from '../platform/tenancy/scope.ts';
import {
  almacenesTable,
  col,
  conceptosmovsTable,
  datosCompra,
  documentosCompra,
  documentosCompraLineas,
  empresa,
  fpagoTable,
  pagosCompra,
  productosTable,
  proveedoresTable,
  seriesContadores,
  seriesTable,
  stockDocumentosCompra,
  tesoreriaTable,
  tiposivaTable,
  vencimientosCompra,
} from '../platform/tenancy/tables.ts';
import { empresaDemo } from './empresaDemo.ts';

/**
 * DEMO's year of purchases and expenses, written set-based (a dozen statements whatever the number of
 * documents: the first start stays fast). What the engine would have left behind, computed with the domain's own
 * totals (`calcularTotales`):
 *
 * - Every month an order to one of the goods suppliers (tools and screws, electrical material, lighting), received
 *   a few days later in the central warehouse (delivery note Recibido, stock in; the screws TOR-001 are traced by lot:
 *   one lot per receipt) and invoiced at the end of the month (registered with our FC number, the supplier's own
 *   number and date, the typed paper totals equal to the computed ones). The latest order is still pending.
 * - The adviser's monthly fee (professional: IRPF 15 %, key 111) and a quarterly transport invoice.
 * - Expenses without lines: fuel tickets paid in cash and the phone bill paid by the bank (free supplier names on the
 *   company's VARIOS supplier, group-62 categories).
 * - Payments on the due date into BANCO / CAJA with the concept PAGFAC; two invoices unpaid past their due date
 *   (overdue), one partly paid, the recent ones pending; a draft invoice waiting to be registered.
 * - One recurring purchase invoice (the adviser's fee) for the job runner, from next month.
 * Numbers follow dates in every series (gapless per series and year) and the counters continue after them.
 */
export async function seedDemoCompras(db: Db, hoy: string): Promise<void> {
  const s = await empresaDemo(db, 'DEMO');
  if (!s) return;
  const m = await maestros(s);
  if (!m) return;
  const plan = planDelAnyo(m, hoy);
  await s.tx((t) => escribir(t, m, plan));
}

type Proveedor = {
  Id: number;
  Codigo: string;
  Nombre: string;
  NIF: string | null;
  Direccion: string | null;
  CodPostal: string | null;
  Poblacion: string | null;
  Provincia: string | null;
  Pais: string | null;
  RegimenIva: string | null;
};
type Producto = { Id: number; Codigo: string; Descripcion: string; Coste: string | null; Traza: string | null };
type Serie = { Id: number; Prefijo: string | null; Anual: boolean };

async function maestros(s: Scope) {
  const pv = (f: string) => col(proveedoresTable, f);
  const campos = ['Id', 'Codigo', 'Nombre', 'NIF', 'Direccion', 'CodPostal', 'Poblacion', 'Provincia', 'Pais'];
  const seleccion = Object.fromEntries([...campos, 'RegimenIva'].map((f) => [f, pv(f)]));
  const leerProveedores = async () => (await s.pick(seleccion, proveedoresTable)) as Proveedor[];
  let proveedores = await leerProveedores();
  if (!proveedores.some((p) => p.Codigo === PROVEEDOR_VARIOS.Codigo)) {
    await s.insert(proveedoresTable, { ...PROVEEDOR_VARIOS, Pais: 'ES' } as never);
    proveedores = await leerProveedores();
  }
  const porNombre = (re: RegExp) => proveedores.find((p) => re.test(p.Nombre));
  const pc = (f: string) => col(productosTable, f);
  const productos = (await s.pick(
    {
      Id: pc('Id'),
      Codigo: pc('Codigo'),
      Descripcion: pc('Descripcion'),
      Coste: pc('PrecioCompra'),
      Traza: pc('Trazabilidad'),
    },
    productosTable,
  )) as Producto[];
  const tc = (f: string) => col(tiposivaTable, f);
  const tipos = (
    (await s.pick(
      {
        Valor: tc('Valor'),
        Impuesto: tc('Impuesto'),
        PorcentajeIva: tc('PorcentajeIva'),
        GeneraRecargo: tc('GeneraRecargo'),
        PorcentajeRecargo: tc('PorcentajeRecargo'),
        Exencion: tc('Exencion'),
      },
      tiposivaTable,
    )) as TipoIva[]
  ).map((t) => ({ ...t, Exencion: t.Exencion ?? null }));
  const sc = (f: string) => col(seriesTable, f);
  const series = (await s.pick(
    { Id: sc('Id'), Tipo: sc('TipoDocumento'), Prefijo: sc('Prefijo'), Anual: sc('ReinicioAnual'), Def: sc('Defecto') },
    seriesTable,
    inArray(sc('TipoDocumento'), ['pedidocompra', 'albarancompra', 'facturacompra']),
  )) as (Serie & { Tipo: string; Def: boolean })[];
  const serie = (tipo: string) =>
    series.filter((x) => x.Tipo === tipo).sort((a, b) => Number(b.Def) - Number(a.Def))[0];
  const fc = (f: string) => col(fpagoTable, f);
  const formas = (await s.pick({ Id: fc('Id'), Codigo: fc('Codigo'), Dias: fc('DiasPrimerPlazo') }, fpagoTable)) as {
    Id: number;
    Codigo: string;
    Dias: number | null;
  }[];
  const kc = (f: string) => col(tesoreriaTable, f);
  const cuentas = (await s.pick({ Id: kc('Id'), Codigo: kc('Codigo') }, tesoreriaTable)) as {
    Id: number;
    Codigo: string;
  }[];
  const cc = (f: string) => col(conceptosmovsTable, f);
  const [concepto] = (await s.pick({ Id: cc('Id') }, conceptosmovsTable, eq(cc('Codigo'), 'PAGFAC'))) as {
    Id: number;
  }[];
  const ac = (f: string) => col(almacenesTable, f);
  const [central] = (await s.pick({ Id: ac('Id') }, almacenesTable, eq(ac('Codigo'), 'CENTRAL'))) as { Id: number }[];
  const [propia] = await s.company({ decimales: empresa.decimalesRedondeo, modulos: empresa.modulos });
  const prod = new Map(productos.map((p) => [p.Codigo, p]));
  const forma = new Map(formas.map((f) => [f.Codigo, f]));
  const r = {
    ferreteria: porNombre(/Ferreter/),
    electrico: porNombre(/Eléctrico/),
    iluminacion: porNombre(/Iluminación/),
    transportes: porNombre(/Transportes/),
    gestoria: porNombre(/Gestoría/),
    varios: proveedores.find((p) => p.Codigo === PROVEEDOR_VARIOS.Codigo),
  };
  const pedido = serie('pedidocompra');
  const albaran = serie('albarancompra');
  const factura = serie('facturacompra');
  const banco = cuentas.find((c) => c.Codigo === 'BANCO');
  const caja = cuentas.find((c) => c.Codigo === 'CAJA');
  const transf = forma.get('TRANSF30');
  const contado = forma.get('CONTADO');
  const recibo = forma.get('RECIBO30');
  if (
    !r.ferreteria ||
    !r.electrico ||
    !r.iluminacion ||
    !r.transportes ||
    !r.gestoria ||
    !r.varios ||
    !pedido ||
    !albaran ||
    !factura ||
    !banco ||
    !caja ||
    !transf ||
    !contado ||
    !recibo ||
    !central ||
    !prod.has('TOR-001')
  )
    return null;
  return {
    proveedores: {
      ferreteria: r.ferreteria,
      electrico: r.electrico,
      iluminacion: r.iluminacion,
      transportes: r.transportes,
      gestoria: r.gestoria,
      varios: r.varios,
    },
    prod,
    tipos,
    decimales: decimalesPrecio(propia?.decimales),
    stockActivo: propia?.modulos?.ActStock === true,
    series: { pedido, albaran, factura },
    cuentas: { banco: banco.Id, caja: caja.Id },
    formas: { transf, contado, recibo },
    concepto: concepto?.Id ?? null,
    almacen: central.Id,
  };
}
type Maestros = NonNullable<Awaited<ReturnType<typeof maestros>>>;

interface LineaPlan {
  IdProducto?: number;
  Descripcion: string;
  Cantidad: string;
  Precio: string;
  Descuento?: string;
  TipoIva: string;
  Lote?: string;
  /** The line of an earlier document this one was carried from: [document key, line index]. */
  origen?: [number, number];
}
interface DocPlan {
  k: number;
  tipo: 'pedido' | 'albaran' | 'factura' | 'gasto';
  fecha: string;
  proveedor: Proveedor;
  lineas: LineaPlan[];
  estado: string;
  registrar?: boolean;
  facturado?: boolean;
  numTercero?: string;
  porcRetencion?: string;
  formaPago: { Id: number; Dias: number | null };
  observaciones?: string;
  /** Stock moved into the central warehouse (received delivery notes). */
  stock?: boolean;
  datos?: { claveRetencion?: string; nombreLibre?: string; concepto?: string; categoria?: string; sinLineas?: boolean };
  /** Payments: [date, share of the total (1 = what is left), account]. */
  pagos?: [string, number, number][];
}

function planDelAnyo(m: Maestros, hoy: string): DocPlan[] {
  const docs: DocPlan[] = [];
  const nuevo = (d: Omit<DocPlan, 'k'>) => {
    const doc = { ...d, k: docs.length };
    docs.push(doc);
    return doc;
  };
  const ayer = diaMas(hoy, -1);
  const inicio = sumarMeses(hoy, -12);
  const cabe = (d: string) => d >= inicio && d <= ayer;
  const p = m.proveedores;
  const linea = (codigo: string, cantidad: number, descuento = '0'): LineaPlan => {
    const x = m.prod.get(codigo)!;
    return {
      IdProducto: x.Id,
      Descripcion: x.Descripcion,
      Cantidad: String(cantidad),
      Precio: x.Coste ?? '1',
      Descuento: descuento,
      TipoIva: 'IVA21',
    };
  };
  // What each goods supplier sells us, in rotation month after month.
  const surtido: [Proveedor, [string, number][], string][] = [
    [
      p.ferreteria,
      [
        ['TOR-001', 60],
        ['TOR-002', 80],
        ['HER-002', 10],
        ['HER-003', 12],
      ],
      '5',
    ],
    [
      p.electrico,
      [
        ['ELE-001', 6],
        ['ELE-002', 10],
      ],
      '0',
    ],
    [
      p.iluminacion,
      [
        ['ILU-001', 150],
        ['ILU-002', 12],
      ],
      '3',
    ],
  ];
  const vence = (fecha: string, f: { Dias: number | null }) => diaMas(fecha, f.Dias ?? 0);
  /** Paid on the due date when it has passed (or `destino` says otherwise). */
  const pagosDe = (fecha: string, f: { Dias: number | null }, destino: 'normal' | 'impagada' | 'parcial') => {
    const v = laborableDesde(vence(fecha, f));
    if (destino === 'impagada' || v > ayer) return [];
    return [[v, destino === 'parcial' ? 0.5 : 1, m.cuentas.banco] as [string, number, number]];
  };
  let lote = 0;
  const meses: string[] = [];
  for (let mes = `${inicio.slice(0, 7)}-01`; mes <= ayer; mes = sumarMeses(mes, 1)) meses.push(mes);
  meses.forEach((mes, i) => {
    const [prov, articulos, descuento] = surtido[i % surtido.length]!;
    const ultimo = i === meses.length - 1;
    // The order, its receipt a few days later and the supplier's invoice at the end of the month.
    const fp = laborableDesde(diaMas(mes, 3));
    if (cabe(fp)) {
      const lineas = articulos.map(([c, q]) => linea(c, q, descuento));
      const fa = laborableDesde(diaMas(fp, 4));
      const recibido = cabe(fa) && !ultimo;
      const pedido = nuevo({
        tipo: 'pedido',
        fecha: fp,
        proveedor: prov,
        lineas,
        estado: recibido ? 'Recibido' : 'Pendiente',
        facturado: recibido,
        formaPago: m.formas.transf,
        observaciones: recibido ? undefined : 'Confirmar plazo de entrega con el proveedor',
      });
      if (recibido) {
        const yymm = fa.slice(2, 7).replace('-', '');
        const albaran = nuevo({
          tipo: 'albaran',
          fecha: fa,
          proveedor: prov,
          lineas: lineas.map((l, j) => ({
            ...l,
            origen: [pedido.k, j],
            ...(m.prod.get('TOR-001')!.Id === l.IdProducto && m.prod.get('TOR-001')!.Traza !== 'ninguna'
              ? { Lote: `L${yymm}-${String(++lote).padStart(2, '0')}` }
              : {}),
          })),
          estado: 'Recibido',
          facturado: true,
          formaPago: m.formas.transf,
          stock: true,
        });
        const ff = laborableDesde(diaMas(fa, 6));
        if (cabe(ff)) {
          const destino = i === meses.length - 4 ? 'impagada' : i === meses.length - 3 ? 'parcial' : 'normal';
          nuevo({
            tipo: 'factura',
            fecha: ff,
            proveedor: prov,
            lineas: albaran.lineas.map((l, j) => ({ ...l, origen: [albaran.k, j] })),
            estado: 'Registrada',
            registrar: true,
            numTercero: `${prov.Nombre.slice(0, 2).toUpperCase()}-${ff.slice(2, 4)}/${String(140 + i * 7).padStart(4, '0')}`,
            formaPago: m.formas.transf,
            datos: {},
            pagos: pagosDe(ff, m.formas.transf, destino),
          });
        }
      }
    }
    // The adviser's monthly fee (professional: IRPF 15 %, model 111), on the first working day.
    const fg = laborableDesde(mes);
    if (cabe(fg)) {
      nuevo({
        tipo: 'factura',
        fecha: fg,
        proveedor: p.gestoria,
        lineas: [
          {
            Descripcion: 'Asesoría fiscal, contable y laboral (cuota mensual)',
            Cantidad: '1',
            Precio: '180',
            TipoIva: 'IVA21',
          },
        ],
        estado: 'Registrada',
        registrar: true,
        numTercero: `G${fg.slice(0, 4)}-${fg.slice(5, 7)}`,
        porcRetencion: '15',
        formaPago: m.formas.recibo,
        datos: { claveRetencion: '111' },
        pagos: pagosDe(fg, m.formas.recibo, i === meses.length - 5 ? 'impagada' : 'normal'),
      });
    }
    // Transport of the quarter's goods, every three months.
    const ft = laborableDesde(diaMas(mes, 14));
    if (i % 3 === 1 && cabe(ft)) {
      nuevo({
        tipo: 'factura',
        fecha: ft,
        proveedor: p.transportes,
        lineas: [
          {
            Descripcion: 'Portes de mercancía desde proveedores (trimestre)',
            Cantidad: '6',
            Precio: '42.5',
            TipoIva: 'IVA21',
          },
          { Descripcion: 'Recargo por combustible', Cantidad: '1', Precio: '18.4', TipoIva: 'IVA21' },
        ],
        estado: 'Registrada',
        registrar: true,
        numTercero: `TR${ft.slice(2, 4)}-${String(300 + i).padStart(5, '0')}`,
        formaPago: m.formas.transf,
        datos: {},
        pagos: pagosDe(ft, m.formas.transf, 'normal'),
      });
    }
    // Expenses without lines: two fuel tickets paid in cash and the phone bill paid by direct debit.
    for (const [d, base, nombre, concepto, categoria, cuenta] of [
      [
        diaMas(mes, 9),
        45 + (i % 4) * 5,
        'Estación de servicio Repsol',
        'Gasóleo furgoneta de reparto',
        '6280000000',
        'caja',
      ],
      [
        diaMas(mes, 23),
        52 + (i % 3) * 4,
        'Estación de servicio Cepsa',
        'Gasóleo furgoneta de reparto',
        '6280000000',
        'caja',
      ],
      [diaMas(mes, 20), 61.9, 'Telefónica de España', 'Teléfono e internet de la tienda', '6290000000', 'banco'],
    ] as const) {
      const fe = laborableDesde(d);
      if (!cabe(fe)) continue;
      const importe = String(base);
      nuevo({
        tipo: 'gasto',
        fecha: fe,
        proveedor: p.varios,
        lineas: [{ Descripcion: concepto, Cantidad: '1', Precio: importe, TipoIva: 'IVA21' }],
        estado: 'Registrada',
        registrar: true,
        formaPago: m.formas.contado,
        datos: { nombreLibre: nombre, concepto, categoria, sinLineas: true },
        pagos: [[fe, 1, cuenta === 'caja' ? m.cuentas.caja : m.cuentas.banco]],
      });
    }
  });
  // A received invoice typed yesterday and not registered yet (its totals still to check against the paper).
  nuevo({
    tipo: 'factura',
    fecha: laborableDesde(diaMas(ayer, -3)),
    proveedor: p.electrico,
    lineas: [linea('ELE-002', 4)],
    estado: 'Provisional',
    numTercero: `MA-${ayer.slice(2, 4)}/0999`,
    formaPago: m.formas.transf,
    observaciones: 'Pendiente de cotejar con la factura en papel',
    datos: {},
  });
  return docs.sort((a, b) => a.fecha.localeCompare(b.fecha) || a.k - b.k);
}

async function escribir(t: Scope, m: Maestros, plan: DocPlan[]): Promise<void> {
  const d = documentosCompra;
  const l = documentosCompraLineas;
  // Numbers: orders and delivery notes at creation, registered invoices and expenses in the FC series, by date.
  const contadores = new Map<string, { serie: Serie; anyo: number; n: number; fecha: string }>();
  const numerar = (serie: Serie, fecha: string) => {
    const anyo = serie.Anual ? Number(fecha.slice(0, 4)) : 0;
    const key = `${serie.Id}/${anyo}`;
    const c = contadores.get(key) ?? { serie, anyo, n: 0, fecha };
    c.n += 1;
    c.fecha = fecha;
    contadores.set(key, c);
    return { numero: c.n, anyo, numSerie: `${serie.Prefijo ?? ''}${String(c.n).padStart(4, '0')}` };
  };
  const totales = new Map<number, ReturnType<typeof calcularTotales>>();
  const cabeceras = plan.map((doc) => {
    const tipos = tiposSegunRegimen(m.tipos, doc.proveedor.RegimenIva);
    const tot = calcularTotales(
      {
        Lineas: doc.lineas as LineaCalculo[],
        RecargoEquivalencia: doc.proveedor.RegimenIva === 'recargo',
        PorcRetencion: doc.porcRetencion ?? '0',
        DecimalesPrecio: m.decimales,
      },
      tipos,
    );
    totales.set(doc.k, tot);
    const serie =
      doc.tipo === 'pedido' ? m.series.pedido : doc.tipo === 'albaran' ? m.series.albaran : m.series.factura;
    const numero = doc.tipo === 'pedido' || doc.tipo === 'albaran' ? numerar(serie, doc.fecha) : null;
    const pv = doc.proveedor;
    return {
      tipo: doc.tipo,
      fecha: doc.fecha,
      idSerie: serie.Id,
      anyo: numero?.anyo ?? null,
      numero: numero?.numero ?? null,
      numSerie: numero?.numSerie ?? null,
      // Registered below, once their lines and data are in (the database refuses lines of a registered invoice).
      estado: doc.registrar ? 'Provisional' : doc.estado,
      facturado: doc.facturado ?? false,
      estadoCobro: doc.tipo === 'factura' || doc.tipo === 'gasto' ? 'Pendiente' : null,
      idTercero: pv.Id,
      terceroNombre: pv.Nombre,
      terceroNif: pv.NIF,
      terceroDireccion: pv.Direccion,
      terceroCodPostal: pv.CodPostal,
      terceroPoblacion: pv.Poblacion,
      terceroProvincia: pv.Provincia,
      terceroPais: pv.Pais,
      numTercero: doc.numTercero ?? null,
      fechaTercero: doc.numTercero ? doc.fecha : null,
      regimenIva: pv.RegimenIva,
      idFormaPago: doc.formaPago.Id,
      observaciones: doc.observaciones ?? null,
      porcRetencion: doc.porcRetencion ?? '0',
      baseImponible: tot.BaseImponible,
      totalIva: tot.TotalIva,
      totalRecargo: tot.TotalRecargo,
      totalRetencion: tot.TotalRetencion,
      total: tot.Total,
      desglose: agruparExentas(tot.Desglose),
    };
  });
  const ids = (await t.insert(d, cabeceras).returning({ id: d.id })).map((r) => r.id);
  const idDe = new Map(plan.map((doc, i) => [doc.k, ids[i]!]));

  // Lines in three waves (orders, delivery notes, invoices): a carried line points at its origin's id.
  const idLinea = new Map<string, number>();
  for (const tipos of [['pedido'], ['albaran'], ['factura', 'gasto']]) {
    const filas = plan
      .filter((doc) => tipos.includes(doc.tipo))
      .flatMap((doc) => {
        const conOrigen = doc.lineas.map((x) => ({
          ...x,
          IdLineaOrigen: x.origen ? (idLinea.get(`${x.origen[0]}/${x.origen[1]}`) ?? null) : null,
        }));
        return filasLineas(conOrigen, totales.get(doc.k)!).map((fila, j) => ({
          clave: `${doc.k}/${j}`,
          fila: { idDocumento: idDe.get(doc.k)!, ...fila },
        }));
      });
    if (!filas.length) continue;
    const hechas = await t
      .insert(
        l,
        filas.map((f) => f.fila),
      )
      .returning({ id: l.id });
    for (const [i, h] of hechas.entries()) idLinea.set(filas[i]!.clave, h.id);
  }

  // The purchase data of invoices and expenses (typed paper totals = the computed ones).
  const conDatos = plan.filter((doc) => doc.datos);
  if (conDatos.length)
    await t.insert(
      datosCompra,
      conDatos.map((doc) => {
        const tot = totales.get(doc.k)!;
        return {
          idDocumento: idDe.get(doc.k)!,
          fechaContable: doc.fecha,
          fechaDeduccion: doc.fecha,
          claveRetencion: doc.datos?.claveRetencion ?? null,
          basePapel: doc.registrar ? tot.BaseImponible : null,
          ivaPapel: doc.registrar ? tot.TotalIva : null,
          totalPapel: doc.registrar ? tot.Total : null,
          sinLineas: doc.datos?.sinLineas ?? false,
          nombreLibre: doc.datos?.nombreLibre ?? null,
          concepto: doc.datos?.concepto ?? null,
          categoria: doc.datos?.categoria ?? null,
        };
      }),
    );

  // Stock in: the received delivery notes in the central warehouse (one move per product, as one receipt each).
  const recibidos = plan.filter((doc) => doc.stock);
  if (recibidos.length && m.stockActivo) {
    const controlados = new Set(
      (
        (await t.pick(
          { id: col(productosTable, 'Id') },
          productosTable,
          eq(col(productosTable, 'ControlStock'), true),
        )) as { id: number }[]
      ).map((x) => x.id),
    );
    const suma = new Map<number, number>();
    const filas = recibidos.map((doc) => {
      const movido: Record<string, string> = {};
      for (const x of doc.lineas) {
        if (!x.IdProducto || !controlados.has(x.IdProducto)) continue;
        const q = Number(movido[x.IdProducto] ?? 0) + Number(x.Cantidad);
        movido[x.IdProducto] = q.toFixed(3);
        suma.set(x.IdProducto, (suma.get(x.IdProducto) ?? 0) + Number(x.Cantidad));
      }
      return { idDocumento: idDe.get(doc.k)!, idAlmacen: m.almacen, movido, movidoAlmacen: m.almacen };
    });
    await t.insert(stockDocumentosCompra, filas);
    if (suma.size)
      await applyStockMoves(
        t,
        [...suma].map(([IdProducto, q]) => ({
          IdAlmacen: m.almacen,
          IdProducto,
          Cantidad: q.toFixed(3),
          Modo: 'diferencia' as const,
        })),
        'documento',
        `Albaranes de compra de DEMO (${recibidos.length}): entrada de mercancía`,
        { almacen: 'IdAlmacen', producto: 'Lineas' },
        'Albaranes de compra',
      );
  }

  // Registration (our FC number by date), due dates and payments, and the payment status they leave.
  const registros: SqlFila[] = [];
  const vencimientos: Omit<typeof vencimientosCompra.$inferInsert, 'empresaId'>[] = [];
  const pagos: Omit<typeof pagosCompra.$inferInsert, 'empresaId'>[] = [];
  for (const doc of plan.filter((x) => x.registrar)) {
    const n = numerar(m.series.factura, doc.fecha);
    const total = Number(totales.get(doc.k)!.Total);
    let pagado = 0;
    for (const [fecha, parte, cuenta] of doc.pagos ?? []) {
      const importe = parte >= 1 ? Math.round((total - pagado) * 100) / 100 : Math.round(total * parte * 100) / 100;
      if (importe <= 0) continue;
      pagado += importe;
      pagos.push({
        IdFactura: idDe.get(doc.k)!,
        Fecha: fecha,
        Importe: importe.toFixed(2),
        IdTesoreria: cuenta,
        IdConcepto: m.concepto,
        Notas: parte < 1 ? 'Pago a cuenta' : null,
      });
    }
    const estadoPago = pagado <= 0 ? 'Pendiente' : pagado >= total - 0.005 ? 'Pagado' : 'Pagado parcialmente';
    vencimientos.push({
      IdFactura: idDe.get(doc.k)!,
      Plazo: 1,
      Fecha: diaMas(doc.fecha, doc.formaPago.Dias ?? 0),
      Importe: total.toFixed(2),
      Liquidado: pagado.toFixed(2),
    });
    registros.push(
      sql`(${idDe.get(doc.k)!}::bigint, ${n.numero}::int, ${n.numSerie}::text, ${n.anyo}::int, ${estadoPago}::text, ${`${doc.fecha}T09:00:00Z`}::timestamptz)`,
    );
  }
  if (registros.length)
    await t.execute(
      (empresaId) => sql`update documentos_compra d set numero = v.numero, num_serie = v.num_serie, anyo = v.anyo,
        estado = 'Registrada', estado_cobro = v.estado_cobro, emitida_en = v.emitida_en
      from (values ${sql.join(registros, sql`, `)}) as v(id, numero, num_serie, anyo, estado_cobro, emitida_en)
      where d.empresa_id = ${empresaId} and d.id = v.id`,
    );
  if (vencimientos.length) await t.insert(vencimientosCompra, vencimientos);
  if (pagos.length) await t.insert(pagosCompra, pagos);
  // The series' counters continue after the demo's numbers.
  for (const c of contadores.values()) {
    await t
      .insert(seriesContadores, { serieId: c.serie.Id, anyo: c.anyo, siguiente: c.n + 1, ultimaFecha: c.fecha })
      .onConflictDoUpdate({
        target: [seriesContadores.empresaId, seriesContadores.serieId, seriesContadores.anyo],
        set: { siguiente: c.n + 1, ultimaFecha: c.fecha },
      });
  }

  // The adviser's fee as a recurring purchase invoice, from next month (the job runner registers each period once).
  const proximo = sumarMeses(`${plan[plan.length - 1]!.fecha.slice(0, 7)}-01`, 1);
  await motorCompra.guardarPlantilla(
    t,
    {
      Descripcion: 'Cuota mensual de la gestoría',
      Tercero: m.proveedores.gestoria.Id,
      Periodicidad: 'Mensual',
      FechaInicio: proximo,
      Accion: 'emitir',
      PorcRetencion: '15',
      IdFormaPago: m.formas.recibo.Id,
      Lineas: [
        {
          Descripcion: 'Asesoría fiscal, contable y laboral (cuota mensual)',
          Cantidad: '1',
          Precio: '180',
          TipoIva: 'IVA21',
        },
      ],
    },
    null,
  );
}

type SqlFila = ReturnType<typeof sql>;
