import { eq, inArray } from 'drizzle-orm';
import { datosInicialesEmpresa } from '../modules/configuracion/datosIniciales.ts';
import type { Db } from '../platform/db/database.ts';
import { empresas } from '../platform/db/platformTables.ts';
import { companyScope } from '../platform/tenancy/scope.ts';
import { clientesTable, ticketbaiConfig } from '../platform/tenancy/tables.ts';

/**
 * The demo's Basque companies: GIPUZKOA (Tributación Guipúzcoa, TicketBAI) and BIZKAIA (Vizcaya,
 * TicketBAI + LROE model 240), each with what a new company gets to invoice (VAT types, series, payment methods)
 * and two customers. Their certificate and the local Diputación simulator are set up when the server starts
 * (ticketbai/simulador/demoSimulador.ts: the certificate is encrypted with the server secret).
 */
const EMPRESAS = [
  {
    codigo: 'GIPUZKOA',
    tributacion: 'guipuzcoa',
    tipo: 'tbai',
    cp: '20001',
    poblacion: 'Donostia',
    provincia: 'Gipuzkoa',
  },
  { codigo: 'BIZKAIA', tributacion: 'vizcaya', tipo: 'lroe', cp: '48001', poblacion: 'Bilbao', provincia: 'Bizkaia' },
] as const;

export async function seedDemoTicketbai(db: Db, _hoy: string): Promise<void> {
  const filas = await db
    .select({ id: empresas.id, codigo: empresas.codigo })
    .from(empresas)
    .where(
      inArray(
        empresas.codigo,
        EMPRESAS.map((e) => e.codigo),
      ),
    );
  for (const e of EMPRESAS) {
    const id = filas.find((f) => f.codigo === e.codigo)?.id;
    if (!id) continue;
    await db
      .update(empresas)
      .set({ tributacion: e.tributacion, tipoFacturaElectronica: e.tipo })
      .where(eq(empresas.id, id));
    const s = companyScope(db, { empresaId: id, personaId: null, userName: 'demo' });
    await datosInicialesEmpresa(s, { tributacion: e.tributacion, tipoCuenta: 'general' });
    await s.insert(clientesTable, [
      {
        Codigo: '000001',
        Nombre: 'Itsasoa Jatetxea SL',
        TipoNIF: 'nif',
        NIF: 'B71234561',
        Direccion: 'Kale Nagusia 12',
        CodPostal: e.cp,
        Poblacion: e.poblacion,
        Provincia: e.provincia,
        Pais: 'ES',
        Email: 'compras@itsasoa-demo.es',
      },
      {
        Codigo: '000002',
        Nombre: 'Mikel Arana Zubia',
        TipoNIF: 'nif',
        NIF: '72345678Y',
        Direccion: 'Askatasun Etorbidea 3',
        CodPostal: e.cp,
        Poblacion: e.poblacion,
        Provincia: e.provincia,
        Pais: 'ES',
      },
    ] as never);
    await s.insert(ticketbaiConfig, { entorno: 'pruebas', modeloLroe: '240' });
  }
}
