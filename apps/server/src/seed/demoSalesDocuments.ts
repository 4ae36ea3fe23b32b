import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { anular, convertir } from '../modules/ventas/documentos/cadena.ts';
import { crearDocumento, preparar } from '../modules/ventas/documentos/documentosRepository.ts';
import { emitirFactura } from '../modules/ventas/documentos/emitir.ts';
import { registrarAnulacion } from '../modules/ventas/verifactu/registros.ts';
import type { Db } from '../platform/db/database.ts';
import { col } from '../platform/db/entityTable.ts';
import { clientesTable, documentosVenta, empresas, productosTable } from '../platform/db/schema.ts';

/**
 * A handful of DEMO sales documents in every status, made through the same services as the API: quotes (active,
 * cancelled), orders (pending, delivered), delivery notes (pending, invoiced), invoices (draft, issued, collected,
 * cancelled) and a simplified invoice. Dated early in January 2026 so users' own invoices follow in date order.
 */
export async function seedDemoSalesDocuments(db: Db): Promise<void> {
  const [emp] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.codigo, 'DEMO'));
  if (!emp) return;
  const empresaId = emp.id;
  const cc = (f: string) => col(clientesTable, f);
  const clientes = (await db
    .select({ id: cc('Id') })
    .from(clientesTable)
    .where(and(eq(cc('empresaId'), empresaId), isNotNull(cc('NIF'))))
    .orderBy(asc(cc('Id')))
    .limit(3)) as { id: number }[];
  const pc = (f: string) => col(productosTable, f);
  const productos = (await db
    .select({ id: pc('Id'), desc: pc('Descripcion'), precio: pc('PrecioVenta') })
    .from(productosTable)
    .where(eq(pc('empresaId'), empresaId))
    .orderBy(asc(pc('Id')))
    .limit(4)) as { id: number; desc: string; precio: string | null }[];
  if (clientes.length === 0 || productos.length === 0) return;
  let dia = 1;
  const nuevo = async (tipo: 'presupuesto' | 'pedido' | 'albaran' | 'factura' | 'simplificada', k: number) => {
    const cliente = clientes[k % clientes.length]!;
    const lineas = productos.slice(0, 1 + (k % productos.length)).map((p, i) => ({
      IdProducto: p.id,
      Descripcion: p.desc,
      Cantidad: String(1 + ((k + i) % 5)),
      Precio: p.precio ?? '10',
      Descuento: i === 0 ? '5' : '0',
      TipoIva: i % 3 === 2 ? 'IVA10' : 'IVA21',
    }));
    const fecha = `2026-01-${String(dia).padStart(2, '0')}`;
    const prep = await preparar(db, empresaId, { Cliente: cliente.id, Fecha: fecha, Lineas: lineas });
    return crearDocumento(db, empresaId, tipo, prep, null);
  };
  const fecha = () => `2026-01-${String(dia).padStart(2, '0')}`;
  // Quotes: one active, one cancelled, one converted into an order.
  await nuevo('presupuesto', 0);
  await anular(db, empresaId, ['presupuesto'], await nuevo('presupuesto', 1));
  const q = await nuevo('presupuesto', 2);
  dia = 3;
  const pedido = await convertir(db, empresaId, 'pventa', q, { Destino: 'dventa', Fecha: fecha() });
  await nuevo('pedido', 3);
  dia = 5;
  // The order delivered, the delivery note invoiced; another delivery note pending.
  const alb = await convertir(db, empresaId, 'dventa', pedido, { Destino: 'aventa', Fecha: fecha() });
  await nuevo('albaran', 4);
  dia = 8;
  const fac = await convertir(db, empresaId, 'aventa', alb, { Destino: 'fventa', Fecha: fecha() });
  await emitirFactura(db, empresaId, fac);
  // Invoices: issued, collected, cancelled, simplified, and a draft.
  dia = 10;
  await emitirFactura(db, empresaId, await nuevo('factura', 5));
  dia = 12;
  const cobrada = await nuevo('factura', 6);
  await emitirFactura(db, empresaId, cobrada);
  await db
    .update(documentosVenta)
    .set({ estadoCobro: 'Cobrado' })
    .where(and(eq(documentosVenta.empresaId, empresaId), eq(documentosVenta.id, cobrada)));
  dia = 14;
  const anulada = await nuevo('factura', 7);
  await emitirFactura(db, empresaId, anulada);
  // VeriFactu: the cancellation's registro de anulación, as the anular route does.
  await registrarAnulacion(db, empresaId, await anular(db, empresaId, ['factura'], anulada));
  dia = 15;
  const ticket = await preparar(db, empresaId, {
    Cliente: clientes[0]!.id,
    Fecha: fecha(),
    Lineas: [{ Descripcion: 'Venta de mostrador', Cantidad: '1', Precio: '12.40', TipoIva: 'IVA21' }],
  });
  await emitirFactura(db, empresaId, await crearDocumento(db, empresaId, 'simplificada', ticket, null));
  dia = 20;
  await nuevo('factura', 8);
}
