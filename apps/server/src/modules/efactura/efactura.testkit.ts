import type { AppDePruebas } from '../../../test/appDePruebas.ts';
import type { Session } from '../../../test/testApp.ts';

/** An issued sales invoice of the test database, with its company and the company's owner (to sign in as). */
export interface Emitida {
  id: number;
  codigo: string;
  usuario: string;
  tipo: string;
}

/** Every numbered invoice, simplified and corrective invoice of every company (cancelled ones too). */
export function facturasEmitidas(t: AppDePruebas): Promise<Emitida[]> {
  return t.database.query<Emitida>(
    `select d.id::int as id, e.codigo, d.tipo,
       (select p.user_name from miembros m join personas p on p.id = m.persona_id
         where m.empresa_id = e.id and m.propietario and not m.baja order by m.id limit 1) as usuario
     from documentos_venta d join empresas e on e.id = d.empresa_id
     where d.tipo in ('factura', 'simplificada', 'rectificativa') and d.num_serie is not null
     order by e.codigo, d.id`,
  );
}

/** The e-invoice of one invoice, as the browser asks for it. */
export function pedirUbl(s: Session, id: number, version?: string) {
  return s.request('GET', `/api/ventas/fventa/ubl/${id}${version ? `?Version=${version}` : ''}`);
}

/** The e-invoice of each invoice, asked for as its company's owner (one sign-in per company), in their order. */
export async function pedirUblDeTodas(t: AppDePruebas, emitidas: readonly Emitida[]) {
  const sesiones = new Map<string, Session>();
  const respuestas: { emitida: Emitida; res: Awaited<ReturnType<typeof pedirUbl>> }[] = [];
  for (const emitida of emitidas) {
    let s = sesiones.get(emitida.codigo);
    if (!s) {
      s = await t.as(emitida.usuario, emitida.codigo);
      sesiones.set(emitida.codigo, s);
    }
    respuestas.push({ emitida, res: await pedirUbl(s, emitida.id) });
  }
  return respuestas;
}
