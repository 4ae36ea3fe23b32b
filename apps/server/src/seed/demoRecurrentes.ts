import { type PlantillaRecurrenteInput, sumarMeses } from '@faro/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { motorVenta } from '../modules/ventas/ladoVenta.ts';
import { hoyEnEspana } from '../modules/ventas/recurrentes/generar.ts';
import type { Db } from '../platform/db/database.ts';
import { col } from '../platform/db/entityTable.ts';
import { clientesTable, empresas, productosTable } from '../platform/db/schema.ts';
import { companyScope } from '../platform/tenancy/scope.ts';

/**
 * Two DEMO recurring invoice templates, saved through the module's own service: a quarterly rental that starts this
 * month as drafts (the first background run generates its first draft) and a monthly maintenance fee issued and
 * e-mailed from next month.
 */
export async function seedDemoRecurrentes(db: Db): Promise<void> {
  const [emp] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.codigo, 'DEMO'));
  if (!emp) return;
  const cc = (f: string) => col(clientesTable, f);
  const clientes = (await db
    .select({ id: cc('Id') })
    .from(clientesTable)
    .where(and(eq(cc('empresaId'), emp.id), isNotNull(cc('NIF'))))
    .orderBy(asc(cc('Id')))
    .limit(2)) as { id: number }[];
  const pc = (f: string) => col(productosTable, f);
  const [producto] = (await db
    .select({ id: pc('Id'), desc: pc('Descripcion'), precio: pc('PrecioVenta') })
    .from(productosTable)
    .where(eq(pc('empresaId'), emp.id))
    .orderBy(asc(pc('Id')))
    .limit(1)) as { id: number; desc: string; precio: string | null }[];
  if (clientes.length === 0) return;
  const primeroDeMes = `${hoyEnEspana().slice(0, 7)}-01`;
  const plantillas: PlantillaRecurrenteInput[] = [
    {
      Descripcion: 'Alquiler trimestral de andamios',
      Cliente: clientes[0]!.id,
      Periodicidad: 'Trimestral',
      FechaInicio: primeroDeMes,
      Accion: 'borrador',
      Observaciones: 'Alquiler según contrato de marco anual',
      Lineas: [
        { Descripcion: 'Alquiler de andamio tubular (trimestre)', Cantidad: '2', Precio: '180', TipoIva: 'IVA21' },
        ...(producto
          ? [
              {
                IdProducto: producto.id,
                Descripcion: producto.desc,
                Cantidad: '1',
                Precio: producto.precio ?? '10',
                TipoIva: 'IVA21',
              },
            ]
          : []),
      ],
    },
    {
      Descripcion: 'Cuota mensual de mantenimiento',
      Cliente: clientes[clientes.length - 1]!.id,
      Periodicidad: 'Mensual',
      FechaInicio: sumarMeses(primeroDeMes, 1),
      Accion: 'enviar',
      PorcRetencion: '15',
      Lineas: [
        {
          Descripcion: 'Mantenimiento de instalaciones',
          Cantidad: '1',
          Precio: '95',
          Descuento: '0',
          TipoIva: 'IVA21',
        },
      ],
    },
  ];
  const scope = companyScope(db, { empresaId: emp.id, personaId: null, userName: 'demo' });
  for (const p of plantillas) await motorVenta.guardarPlantilla(scope, { ...p, Tercero: p.Cliente }, null);
}
