import { impuestoDe, TIPOS_IVA_DEFECTO, type TipoCuenta, type Tributacion } from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  col,
  conceptosmovsTable,
  configuraTable,
  type EntityTable,
  empresa,
  fpagoTable,
  seriesTable,
  tesoreriaTable,
  tiposivaTable,
} from '../../platform/tenancy/tables.ts';

const byCode = (rows: Record<string, unknown>[], key = 'Codigo') =>
  new Map(rows.map((r) => [String(r[key]), r.Id as number]));

export interface DatosInicialesOpciones {
  tributacion: Tributacion;
  tipoCuenta: TipoCuenta;
}

/** Number series of a new company: one default per document kind, numbering from 1 each year. */
const SERIES: { Codigo: string; Descripcion: string; TipoDocumento: string; Prefijo: string }[] = [
  { Codigo: 'P', Descripcion: 'Presupuestos', TipoDocumento: 'presupuesto', Prefijo: 'P' },
  { Codigo: 'PE', Descripcion: 'Pedidos de clientes', TipoDocumento: 'pedido', Prefijo: 'PE' },
  { Codigo: 'A', Descripcion: 'Albaranes de venta', TipoDocumento: 'albaran', Prefijo: 'A' },
  { Codigo: 'F', Descripcion: 'Facturas', TipoDocumento: 'factura', Prefijo: 'F' },
  { Codigo: 'R', Descripcion: 'Facturas rectificativas', TipoDocumento: 'rectificativa', Prefijo: 'R' },
  { Codigo: 'T', Descripcion: 'Facturas simplificadas', TipoDocumento: 'simplificada', Prefijo: 'T' },
  {
    Codigo: 'RT',
    Descripcion: 'Rectificativas de simplificadas',
    TipoDocumento: 'rectificativasimplificada',
    Prefijo: 'RT',
  },
  { Codigo: 'G', Descripcion: 'Gastos', TipoDocumento: 'gasto', Prefijo: 'G' },
  { Codigo: 'PC', Descripcion: 'Pedidos a proveedores', TipoDocumento: 'pedidocompra', Prefijo: 'PC' },
  { Codigo: 'AC', Descripcion: 'Albaranes de compra', TipoDocumento: 'albarancompra', Prefijo: 'AC' },
  { Codigo: 'FC', Descripcion: 'Facturas de compra', TipoDocumento: 'facturacompra', Prefijo: 'FC' },
];
/** Each invoice series and the series its corrective invoices take (RD 1619/2012 art. 6: a separate series). */
const RECTIFICATIVAS = [
  ['F', 'R'],
  ['T', 'RT'],
] as const;

const FORMAS_PAGO = [
  { Codigo: 'CONTADO', Descripcion: 'Contado', Medio: 'efectivo', DiasPrimerPlazo: 0 },
  { Codigo: 'TRANSF30', Descripcion: 'Transferencia 30 días', Medio: 'transferencia', DiasPrimerPlazo: 30 },
  { Codigo: 'RECIBO30', Descripcion: 'Recibo domiciliado 30 días', Medio: 'domiciliacion', DiasPrimerPlazo: 30 },
  { Codigo: 'TARJETA', Descripcion: 'Tarjeta', Medio: 'tarjeta', DiasPrimerPlazo: 0 },
];

const CONCEPTOS = [
  { Codigo: 'COBFAC', Descripcion: 'Cobro de factura', Tipo: 'cobro', CuentaContable: '4300000000' },
  { Codigo: 'PAGFAC', Descripcion: 'Pago de factura de proveedor', Tipo: 'pago', CuentaContable: '4000000000' },
  { Codigo: 'COMBAN', Descripcion: 'Comisiones bancarias', Tipo: 'pago', CuentaContable: '6260000000' },
  { Codigo: 'TRASP', Descripcion: 'Traspaso entre cuentas', Tipo: 'manual' },
  { Codigo: 'INGCAJA', Descripcion: 'Ingreso de caja en banco', Tipo: 'manual' },
];

/**
 * What a new Spanish company needs to start invoicing, written in the caller's transaction: the VAT types of its
 * tax regime (IVA, IGIC or IPSI, the domain's `TIPOS_IVA_DEFECTO`), a default series per document kind with the
 * corrective series R / RT and the simplified series T (yearly reset), the payment methods Contado, Transferencia
 * 30 días, Recibo domiciliado 30 días and Tarjeta, the cash account "Caja" (Arqueable), the treasury concepts and
 * the `configura` row pointing at them. Every table is filled only while the company has none of its rows, so a
 * second call (a replayed confirmation, a retry) creates nothing twice. `tipoCuenta` does not change the data yet:
 * every kind of account invoices with the same series (the exempt VAT type of academies is in the IVA table).
 */
export async function datosInicialesEmpresa(tx: Scope, opciones: DatosInicialesOpciones) {
  // Serialises two calls for the same company (the second then finds the rows of the first).
  await tx.company({ id: empresa.id }).for('update');
  const vacia = async (table: EntityTable) => !(await tx.pick({ id: col(table, 'Id') }, table).limit(1)).length;
  const existentes = async (table: EntityTable, key = 'Codigo') =>
    byCode((await tx.select(table)) as Record<string, unknown>[], key);
  const insert = async (table: EntityTable, rows: Record<string, unknown>[]) =>
    rows.length ? ((await tx.insert(table, rows).returning()) as Record<string, unknown>[]) : [];

  const iva = (await vacia(tiposivaTable))
    ? byCode(await insert(tiposivaTable, [...TIPOS_IVA_DEFECTO[impuestoDe(opciones.tributacion)]] as never), 'Valor')
    : await existentes(tiposivaTable, 'Valor');

  const tesoreria = (await vacia(tesoreriaTable))
    ? byCode(
        await insert(tesoreriaTable, [
          { Codigo: 'CAJA', Nombre: 'Caja', Tipo: 'caja', CuentaContable: '5700000000', Arqueable: true },
        ]),
      )
    : await existentes(tesoreriaTable);

  const fpago = (await vacia(fpagoTable))
    ? byCode(
        await insert(
          fpagoTable,
          FORMAS_PAGO.map((f) => ({
            ...f,
            Plazos: 1,
            DiasEntrePlazos: 0,
            IdCuentaTesoreria: f.Medio === 'efectivo' ? (tesoreria.get('CAJA') ?? null) : null,
          })),
        ),
      )
    : await existentes(fpagoTable);

  if (await vacia(seriesTable)) {
    const rows = await insert(
      seriesTable,
      SERIES.map((s) => ({ ...s, ReinicioAnual: true, Defecto: true })),
    );
    const id = (codigo: string) => rows.find((s) => s.Codigo === codigo)?.Id as number;
    for (const [factura, rect] of RECTIFICATIVAS)
      await tx.update(seriesTable, { IdSerieRectificativa: id(rect) }, eq(col(seriesTable, 'Id'), id(factura)));
  }

  if (await vacia(conceptosmovsTable)) await insert(conceptosmovsTable, CONCEPTOS);

  const general = [...TIPOS_IVA_DEFECTO[impuestoDe(opciones.tributacion)]].find((t) => t.Tipo === 'general');
  await tx
    .insert(configuraTable, {
      DiasValidezPresupuesto: 30,
      IdFormaPago: fpago.get('TRANSF30') ?? null,
      IdTipoIva: (general && iva.get(general.Valor)) ?? null,
      IdCuentaTesoreria: tesoreria.get('CAJA') ?? null,
    })
    .onConflictDoNothing();
}
