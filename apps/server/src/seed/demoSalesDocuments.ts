import { type DocumentoVentaInput, sumarMeses } from '@faro/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { applyStockMoves } from '../modules/catalogo/stockRoutes.ts';
import { anular, asentarAnulacion, convertir, rectificar } from '../modules/ventas/documentos/cadena.ts';
import {
  actualizarDocumento,
  cargarCabecera,
  cargarLineas,
  crearDocumento,
  preparar,
} from '../modules/ventas/documentos/documentosRepository.ts';
import { comoEntrada, emitirFactura } from '../modules/ventas/documentos/emitir.ts';
import { sincronizarStockVenta } from '../modules/ventas/documentos/stockVentas.ts';
import { motorVenta } from '../modules/ventas/ladoVenta.ts';
import { hoyEnEspana } from '../modules/ventas/recurrentes/generar.ts';
import { registrarAnulacion } from '../modules/ventas/verifactu/registros.ts';
import type { Db } from '../platform/db/database.ts';
import { col } from '../platform/db/entityTable.ts';
import {
  almacenesTable,
  clientesTable,
  conceptosmovsTable,
  empresas,
  fpagoTable,
  personas,
  productosTable,
  stockTable,
  tesoreriaTable,
} from '../platform/db/schema.ts';
import { diaMas, esFinDeSemana, laborableDesde } from '../platform/fechas.ts';
import { companyScope, type Scope } from '../platform/tenancy/scope.ts';

/**
 * DEMO's year of sales, made through the same services as the API (preparar + crearDocumento, convertir,
 * emitirFactura + the VeriFactu record, anular + registrarAnulacion, rectificar, registrarPago, the stock sync):
 * about twelve months up to yesterday (Europe/Madrid; `hoy` is injectable so the test templates are fixed in time).
 *
 * - Quotes every week: most become orders, some are cancelled, the recent ones stay active.
 * - Orders delivered (delivery note sent, invoiced) or, the recent ones, pending.
 * - Delivery notes: the builder's notes are invoiced together at the end of each month; this month's wait, some
 *   pending, some sent.
 * - 5–12 invoices a month, issued in date order (numbers follow dates in every series): varied customers, products,
 *   quantities and discounts, a few with IRPF, two simplified invoices, a corrective invoice (a partial return),
 *   a cancelled invoice and a draft.
 * - Collections (full, instalments, partial) in the payment method's account on the due date when it has passed;
 *   a few invoices left unpaid past their due date (overdue).
 * - Stock leaves the central warehouse through the documents; supplier entries replenish it below the minimum. The
 *   drill (HER-001) only appears in quotes and pending orders: stock tests count its movements.
 */
export async function seedDemoSalesDocuments(
  db: Db,
  hoy: string = hoyEnEspana(),
  /** Told after each dated action (the first start prints the progress). */
  avance?: (hechas: number, total: number) => void,
  /**
   * Commits in slices instead of one transaction (the start seeds the history after listening): each
   * slice runs actions for about `ms` and calls `confirmar` inside its transaction (the caller keeps its progress
   * there); between slices the event loop answers the requests that arrived.
   */
  porTramos?: { ms: number; confirmar: (tx: Db, hechas: number, total: number) => Promise<void> },
): Promise<void> {
  const [emp] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.codigo, 'DEMO'));
  if (!emp) return;
  const empresaId = emp.id;
  const [persona] = await db.select({ id: personas.id }).from(personas).where(eq(personas.userName, 'demo'));
  const quien = { empresaId, personaId: persona?.id ?? null, userName: 'demo' };

  const cc = (f: string) => col(clientesTable, f);
  const clientes = (await db
    .select({ id: cc('Id'), nif: cc('NIF'), fpago: cc('IdFormaPago') })
    .from(clientesTable)
    .where(and(eq(cc('empresaId'), empresaId), isNotNull(cc('NIF'))))
    .orderBy(asc(cc('Id')))) as { id: number; nif: string; fpago: number | null }[];
  const pc = (f: string) => col(productosTable, f);
  const productos = (await db
    .select({ id: pc('Id'), codigo: pc('Codigo'), desc: pc('Descripcion'), precio: pc('PrecioVenta') })
    .from(productosTable)
    .where(eq(pc('empresaId'), empresaId))
    .orderBy(asc(pc('Codigo')))) as { id: number; codigo: string; desc: string; precio: string | null }[];
  const fc = (f: string) => col(fpagoTable, f);
  const formas = (await db
    .select({ id: fc('Id'), codigo: fc('Codigo'), dias: fc('DiasPrimerPlazo'), plazos: fc('Plazos') })
    .from(fpagoTable)
    .where(eq(fc('empresaId'), empresaId))) as { id: number; codigo: string; dias: number; plazos: number }[];
  const tc = (f: string) => col(tesoreriaTable, f);
  const cuentas = (await db
    .select({ id: tc('Id'), codigo: tc('Codigo') })
    .from(tesoreriaTable)
    .where(eq(tc('empresaId'), empresaId))) as { id: number; codigo: string }[];
  const kc = (f: string) => col(conceptosmovsTable, f);
  const [concepto] = (await db
    .select({ id: kc('Id') })
    .from(conceptosmovsTable)
    .where(and(eq(kc('empresaId'), empresaId), eq(kc('Codigo'), 'COBFAC')))) as { id: number }[];
  const ac = (f: string) => col(almacenesTable, f);
  const [central] = (await db
    .select({ id: ac('Id') })
    .from(almacenesTable)
    .where(and(eq(ac('empresaId'), empresaId), eq(ac('Codigo'), 'CENTRAL')))) as { id: number }[];
  const prod = new Map(productos.map((p) => [p.codigo, p]));
  const caja = cuentas.find((c) => c.codigo === 'CAJA')?.id;
  const banco = cuentas.find((c) => c.codigo === 'BANCO')?.id;
  const forma = new Map(formas.map((f) => [f.codigo, f]));
  if (clientes.length < 6 || !prod.has('HER-002') || !caja || !banco || !central) return;

  // Customers by role: companies (the builder gets monthly invoices of its delivery notes) and private people.
  const empresasCli = clientes.filter((c) => /^[A-HJNP-SUVW]/.test(c.nif));
  const particulares = clientes.filter((c) => !/^[A-HJNP-SUVW]/.test(c.nif));
  const constructora = empresasCli[0]!;
  const habituales = clientes.filter((c) => c !== constructora);

  const rnd = aleatorio(hoy);
  const entre = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
  const uno = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

  // Quantities that make sense for each product.
  const CANTIDAD: Record<string, [number, number]> = {
    'HER-001': [1, 2],
    'HER-002': [1, 4],
    'HER-003': [1, 6],
    'TOR-001': [2, 20],
    'TOR-002': [2, 25],
    'ELE-001': [1, 3],
    'ELE-002': [1, 4],
    'ILU-001': [4, 40],
    'ILU-002': [1, 8],
    'SER-001': [1, 8],
    'SER-002': [1, 1],
  };
  const vendibles = [...prod.keys()].filter((c) => c in CANTIDAD && c !== 'HER-001' && !c.startsWith('SER'));
  type LineaPlan = DocumentoVentaInput['Lineas'][number];
  const linea = (codigo: string, descuento = '0'): LineaPlan => {
    const p = prod.get(codigo)!;
    const [a, b] = CANTIDAD[codigo] ?? [1, 3];
    return {
      IdProducto: p.id,
      Descripcion: p.desc,
      Cantidad: String(entre(a, b)),
      Precio: p.precio ?? '10',
      Descuento: descuento,
      TipoIva: 'IVA21',
    } as LineaPlan;
  };
  /** 1–4 lines of different products, a discount now and then; services (installation, delivery) sometimes. */
  const lineas = (opciones: { taladro?: boolean; mayorista?: boolean } = {}): LineaPlan[] => {
    const pool = opciones.taladro ? ['HER-001', ...vendibles] : vendibles;
    const n = entre(1, 4);
    const elegidos = [...pool].sort(() => rnd() - 0.5).slice(0, n);
    const descuento = () => (opciones.mayorista ? uno(['5', '10', '10', '15']) : uno(['0', '0', '0', '5', '10']));
    const out = elegidos.map((c) => linea(c, descuento()));
    if (rnd() < 0.25) out.push(linea('SER-001'));
    if (rnd() < 0.2) out.push(linea('SER-002'));
    return out;
  };

  // ---- The plan: dated actions, run in date order (numbers follow dates in every series). ----
  type Accion = (tx: Scope) => Promise<void>;
  const plan: { fecha: string; n: number; accion: Accion }[] = [];
  const en = (fecha: string, accion: Accion) => plan.push({ fecha, n: plan.length, accion });
  const ids = new Map<string, number>();
  let clave = 0;
  const nuevaClave = () => `d${clave++}`;
  const ayer = diaMas(hoy, -1);
  const inicio = sumarMeses(hoy, -12);
  const cabe = (d: string) => d >= inicio && d <= ayer;

  const crear = (
    k: string,
    fecha: string,
    tipo: 'presupuesto' | 'pedido' | 'albaran' | 'factura' | 'simplificada',
    cliente: number,
    ls: LineaPlan[],
    extra: Partial<DocumentoVentaInput> = {},
    estado?: string,
  ) =>
    en(fecha, async (tx) => {
      const prep = await preparar(tx, { Cliente: cliente, Fecha: fecha, Lineas: ls, ...extra });
      ids.set(k, await crearDocumento(tx, tipo, prep, null, estado));
      if (estado === 'Enviado') await reponerYSincronizar(tx, ids.get(k)!);
    });

  /** Supplier entries before the stock would drop below the product's minimum, then the document's stock sync. */
  const reponerYSincronizar = async (tx: Scope, id: number) => {
    const ls = await cargarLineas(tx, [id]);
    const h = await cargarCabecera(tx, id, ['albaran', 'factura', 'simplificada', 'rectificativa']);
    const salen = new Map<number, number>();
    for (const l of ls) {
      // Invoice lines carried from a delivery note left the warehouse with it.
      if (l.idProducto === null || h.estado === 'Anulada' || (h.tipo !== 'albaran' && l.idLineaOrigen !== null))
        continue;
      salen.set(l.idProducto, (salen.get(l.idProducto) ?? 0) + Number(l.cantidad));
    }
    if (salen.size) {
      const sc = (f: string) => col(stockTable, f);
      const hay = (await tx.pick(
        { p: sc('IdProducto'), q: sc('Cantidad') },
        stockTable,
        and(eq(sc('IdAlmacen'), central.id), inArray(sc('IdProducto'), [...salen.keys()])),
      )) as { p: number; q: string }[];
      const moves = hay
        .filter((s) => Number(s.q) - salen.get(s.p)! < 5)
        .map((s) => ({
          IdAlmacen: central.id,
          IdProducto: s.p,
          Cantidad: String(Math.ceil((salen.get(s.p)! + 5 - Number(s.q)) / 10) * 10 + 20),
          Modo: 'diferencia' as const,
        }));
      if (moves.length)
        await applyStockMoves(tx, moves, 'ajuste', 'Entrada de mercancía del proveedor', {
          almacen: 'IdAlmacen',
          producto: 'IdProducto',
        });
    }
    await sincronizarStockVenta(tx, id);
  };

  const totales = new Map<string, { total: number; cobrado: number; cuenta: number }>();
  const emitir = (k: string, fecha: string) =>
    en(fecha, async (tx) => {
      const h = await emitirFactura(tx, ids.get(k)!);
      await reponerYSincronizar(tx, h.id);
      const fp = formas.find((f) => f.id === h.idFormaPago);
      const efectivo = fp?.codigo === 'CONTADO' || fp?.codigo === 'TARJETA' || fp?.codigo === 'BIZUM';
      totales.set(k, { total: Number(h.total), cobrado: 0, cuenta: efectivo ? caja : banco });
    });
  /** Collects `parte` (0–1) of the invoice's total, or whatever is pending when `parte` is 1. */
  const cobrar = (k: string, fecha: string, parte: number, notas?: string) => {
    if (!cabe(fecha)) return;
    en(fecha, async (tx) => {
      const t = totales.get(k);
      if (!t) return;
      const pendiente = Math.round((t.total - t.cobrado) * 100) / 100;
      const importe = parte >= 1 ? pendiente : Math.round(t.total * parte * 100) / 100;
      if (importe === 0 || Math.abs(importe) > Math.abs(pendiente)) return;
      await motorVenta.registrarPago(tx, {
        IdFactura: ids.get(k)!,
        Fecha: fecha,
        Importe: importe.toFixed(2),
        IdTesoreria: t.cuenta,
        IdConcepto: concepto?.id ?? null,
        Notas: notas ?? null,
      });
      t.cobrado += importe;
    });
  };
  /** The collection pattern of an issued invoice: on its due dates, mostly in full; some partial, some overdue. */
  const cobros = (k: string, fecha: string, fpago: string | undefined, destino: 'normal' | 'parcial' | 'impagada') => {
    const fp = forma.get(fpago ?? 'RECIBO30');
    const plazos = Math.max(1, fp?.plazos ?? 1);
    const dias = fp?.dias ?? 30;
    if (destino === 'impagada') return;
    if (destino === 'parcial') {
      cobrar(k, diaMas(fecha, dias + entre(0, 5)), 0.4, 'Entrega a cuenta');
      return;
    }
    for (let i = 0; i < plazos; i++) {
      const d = diaMas(fecha, dias + 30 * i + (dias === 0 ? 0 : entre(0, 4)));
      cobrar(k, d, i === plazos - 1 ? 1 : 1 / plazos);
    }
  };
  const destino = (fecha: string): 'normal' | 'parcial' | 'impagada' => {
    const r = rnd();
    if (fecha > diaMas(ayer, -45)) return 'normal';
    return r < 0.06 ? 'impagada' : r < 0.12 ? 'parcial' : 'normal';
  };
  const fpagoDe = (c: { fpago: number | null }) => formas.find((f) => f.id === c.fpago)?.codigo;

  // Months from a year ago to yesterday.
  const meses: { desde: string; hasta: string }[] = [];
  for (let m = `${inicio.slice(0, 7)}-01`; m <= ayer; m = sumarMeses(m, 1)) {
    const desde = m < inicio ? inicio : m;
    const fin = diaMas(sumarMeses(m, 1), -1);
    meses.push({ desde, hasta: [fin, ayer].sort()[0]! });
  }
  const diasLaborables = (desde: string, hasta: string) => {
    const out: string[] = [];
    for (let d = desde; d <= hasta; d = diaMas(d, 1)) if (!esFinDeSemana(d)) out.push(d);
    return out;
  };

  let simplificadas = 0;
  let conIrpf = 0;
  meses.forEach((mes, mi) => {
    const laborables = diasLaborables(mes.desde, mes.hasta);
    if (!laborables.length) return;
    const ultimoMes = mi === meses.length - 1;
    const escala = Math.min(1, laborables.length / 20);

    // Quotes: most become orders (delivered, invoiced), some are cancelled, the recent ones stay active.
    const nPres = Math.max(1, Math.round(entre(2, 3) * escala));
    for (let i = 0; i < nPres; i++) {
      const d = uno(laborables);
      const cliente = uno(empresasCli);
      const k = nuevaClave();
      const r = rnd();
      const reciente = d > diaMas(ayer, -20);
      const aPedido = !reciente && r < 0.4;
      crear(k, d, 'presupuesto', cliente.id, lineas({ taladro: !aPedido, mayorista: true }), {
        Observaciones: aPedido ? null : 'Oferta válida 30 días',
      });
      if (aPedido) {
        const dp = laborableDesde(diaMas(d, entre(3, 10)));
        if (!cabe(dp)) continue;
        const kp = nuevaClave();
        en(dp, async (tx) => {
          ids.set(kp, await convertir(tx, 'pventa', ids.get(k)!, { Destino: 'dventa', Fecha: dp }));
        });
        entregarYFacturar(kp, dp, cliente);
      } else if (!reciente && r < 0.75) {
        const da = laborableDesde(diaMas(d, entre(15, 25)));
        if (cabe(da)) en(da, async (tx) => void (await anular(tx, ['presupuesto'], ids.get(k)!)));
      }
    }

    // Orders placed directly: delivered within days; the recent ones are still pending (some with the drill).
    const nPed = Math.max(1, Math.round(entre(0, 1) * escala));
    for (let i = 0; i < nPed; i++) {
      const d = uno(laborables);
      const cliente = uno(habituales);
      const k = nuevaClave();
      const pendiente = d > diaMas(ayer, -10) || (ultimoMes && i === 0);
      crear(k, d, 'pedido', cliente.id, lineas({ taladro: pendiente, mayorista: cliente === empresasCli[1] }));
      if (!pendiente) entregarYFacturar(k, d, cliente);
    }

    // The builder's delivery notes, invoiced together on the month's last working day (this month's wait).
    const nAlb = Math.max(1, Math.round(entre(2, 3) * escala));
    const albaranes: string[] = [];
    for (let i = 0; i < nAlb; i++) {
      const d = uno(laborables);
      const k = nuevaClave();
      const pendiente = ultimoMes && i === nAlb - 1;
      crear(
        k,
        d,
        'albaran',
        constructora.id,
        lineas({ mayorista: true }),
        { DireccionEnvio: 'Obra: Calle de Bravo Murillo 210, Madrid' },
        pendiente ? 'Pendiente' : 'Enviado',
      );
      albaranes.push(k);
    }
    if (!ultimoMes) {
      const df = laborables[laborables.length - 1]!;
      const kf = nuevaClave();
      en(df, async (tx) => {
        const [primero, ...resto] = albaranes.map((a) => ids.get(a)!);
        ids.set(kf, await convertir(tx, 'aventa', primero!, { Destino: 'fventa', Ids: resto, Fecha: df }));
      });
      emitir(kf, df);
      cobros(kf, df, fpagoDe(constructora), destino(df));
    }

    // Invoices straight from the counter or the phone: with the builder's and the orders', 5–10 a month (first-start seeding stays a few seconds).
    const nFac = Math.max(1, Math.round(entre(3, 5) * escala));
    const dias = Array.from({ length: nFac }, () => uno(laborables)).sort();
    dias.forEach((d, i) => {
      const k = nuevaClave();
      if ((mi === 3 || mi === 9) && i === 0 && simplificadas < 2) {
        simplificadas++;
        const cliente = uno(particulares.length ? particulares : habituales);
        const ls = [linea('ILU-001'), linea('HER-003')].map((l) => ({ ...l, Cantidad: '2' }) as LineaPlan);
        crear(k, d, 'simplificada', cliente.id, ls, { IdFormaPago: forma.get('TARJETA')?.id ?? null });
        emitir(k, d);
        cobrar(k, d, 1, 'Pago con tarjeta en tienda');
        return;
      }
      const cliente = uno(habituales);
      const irpf = conIrpf < 4 && mi % 3 === 1 && i === 1 && empresasCli.includes(cliente);
      const fp = irpf ? 'TRANSF30' : rnd() < 0.12 ? 'R306090' : fpagoDe(cliente);
      const ls = irpf
        ? [
            { ...linea('SER-001'), Descripcion: 'Dirección técnica de la instalación eléctrica', Precio: '45' },
            linea('SER-002'),
          ]
        : lineas({ mayorista: empresasCli.slice(0, 3).includes(cliente) });
      if (irpf) conIrpf++;
      crear(k, d, 'factura', cliente.id, ls as LineaPlan[], {
        IdFormaPago: forma.get(fp ?? '')?.id ?? null,
        PorcRetencion: irpf ? '15' : '0',
      });
      emitir(k, d);
      cobros(k, d, fp, destino(d));
      // A partial return a few days later: the corrective invoice (R1, differences) and its refund.
      if (mi === meses.length - 4 && i === 2) {
        const dr = laborableDesde(diaMas(d, 6));
        if (!cabe(dr)) return;
        const kr = nuevaClave();
        en(dr, async (tx) => {
          const id = await rectificar(tx, ids.get(k)!, { TipoRectificativa: 'R1', Modo: 'I', Fecha: dr });
          const h = await cargarCabecera(tx, id, ['rectificativa'], true);
          const [primera] = await cargarLineas(tx, [id]);
          const entrada = comoEntrada(h, primera ? [{ ...primera, cantidad: '-1' }] : []);
          const motivo = 'Devolución de una unidad defectuosa';
          const prep = await preparar(tx, { ...entrada, Observaciones: motivo });
          await actualizarDocumento(tx, h, prep, h.idSerie);
          ids.set(kr, id);
        });
        emitir(kr, dr);
        cobrar(kr, laborableDesde(diaMas(dr, 3)), 1, 'Abono por transferencia');
      }
    });
  });

  // This month's closing touches: an invoice issued and cancelled (wrong customer), and a draft for today.
  const semana = diasLaborables(diaMas(ayer, -12), ayer);
  if (semana.length >= 2) {
    const ka = nuevaClave();
    const da = semana[semana.length - 2]!;
    crear(ka, da, 'factura', habituales[1]!.id, lineas(), { Observaciones: 'Emitida a un cliente equivocado' });
    emitir(ka, da);
    en(da, async (tx) => {
      const anulada = await anular(tx, ['factura'], ids.get(ka)!);
      await registrarAnulacion(tx, anulada);
      await asentarAnulacion(tx, anulada);
      await sincronizarStockVenta(tx, anulada.id);
    });
  }
  crear(nuevaClave(), ayer, 'factura', habituales[2]!.id, lineas({ taladro: true }), {
    Observaciones: 'Pendiente de confirmar cantidades con el cliente',
  });

  /** An order delivered within days (sent note) and invoiced a few days later, then collected. */
  function entregarYFacturar(kp: string, dp: string, cliente: (typeof clientes)[number]) {
    const da = laborableDesde(diaMas(dp, entre(1, 6)));
    if (!cabe(da)) return;
    const ka = nuevaClave();
    const enviado = da <= diaMas(ayer, -3) || rnd() < 0.5;
    en(da, async (tx) => {
      const id = await convertir(tx, 'dventa', ids.get(kp)!, { Destino: 'aventa', Fecha: da });
      ids.set(ka, id);
      if (!enviado) return;
      const h = await cargarCabecera(tx, id, ['albaran'], true);
      const ls = await cargarLineas(tx, [id]);
      const prep = await preparar(tx, comoEntrada(h, ls));
      // The same lines (their ids keep the origin in the order), now sent.
      await actualizarDocumento(
        tx,
        h,
        prep,
        h.idSerie,
        'Enviado',
        ls.map((l) => l.id),
      );
      await reponerYSincronizar(tx, id);
    });
    const df = laborableDesde(diaMas(da, entre(2, 8)));
    if (!enviado || !cabe(df) || df > diaMas(ayer, -4)) return;
    const kf = nuevaClave();
    en(df, async (tx) => {
      ids.set(kf, await convertir(tx, 'aventa', ids.get(ka)!, { Destino: 'fventa', Fecha: df }));
    });
    emitir(kf, df);
    cobros(kf, df, fpagoDe(cliente), destino(df));
  }

  plan.sort((a, b) => a.fecha.localeCompare(b.fecha) || a.n - b.n);
  if (porTramos) {
    // The same actions in the same order, committed slice by slice (ids and totals live in this closure).
    let i = 0;
    try {
      while (i < plan.length) {
        await db.transaction(async (tx) => {
          const t = companyScope(tx, quien);
          const hasta = performance.now() + porTramos.ms;
          do {
            await plan[i]!.accion(t);
            i++;
            avance?.(i, plan.length);
          } while (i < plan.length && performance.now() < hasta);
          await porTramos.confirmar(tx, i, plan.length);
        });
        await new Promise((r) => setImmediate(r));
      }
    } catch (error) {
      console.warn(
        `Demo: historial de ventas de DEMO incompleto (${i} de ${plan.length}: ${error instanceof Error ? error.message : String(error)})`,
      );
    }
    return;
  }
  // In its own (sub)transaction: should a day ever trip a business rule, the demo still starts, without the history.
  try {
    await companyScope(db, quien).tx(async (t) => {
      for (const [i, p] of plan.entries()) {
        await p.accion(t);
        avance?.(i + 1, plan.length);
      }
    });
  } catch (error) {
    console.warn(`Demo: sin historial de ventas de DEMO (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Deterministic pseudo-random numbers (mulberry32) seeded by the date: the same day gives the same demo. */
function aleatorio(semilla: string): () => number {
  let a = [...semilla].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
