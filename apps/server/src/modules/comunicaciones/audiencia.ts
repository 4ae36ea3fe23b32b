import type { Canal } from '@faro/domain';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { clientespotTable, clientesTable, col, mkBajas, mkSegmentosReglas } from '../../platform/tenancy/tables.ts';

export interface Destinatario {
  TipoContacto: 'c' | 'p';
  IdContacto: number;
  Nombre: string;
  Destino: string;
}

type Contactos = typeof clientesTable | typeof clientespotTable;

/** The destination column of a channel: e-mail, or the mobile (else the phone) for SMS. */
function destino(t: Contactos, canal: Canal): SQL<string | null> {
  return canal === 'email'
    ? sql<string | null>`nullif(trim(${col(t, 'Email')}), '')`
    : sql<string | null>`coalesce(nullif(trim(${col(t, 'Movil')}), ''), nullif(trim(${col(t, 'Telefono')}), ''))`;
}

/**
 * The recipients of a segment on a channel: the contacts its rules select (kind, group, province) plus the potential
 * customers assigned to it; never a contact in Baja, unsubscribed from marketing, or without a destination.
 */
export async function destinatarios(s: Scope, idSegmentacion: number, canal: Canal): Promise<Destinatario[]> {
  const [regla] = await s.select(mkSegmentosReglas, eq(mkSegmentosReglas.IdSegmentacion, idSegmentacion));
  const out: Destinatario[] = [];
  for (const [tipo, t] of [
    ['c', clientesTable],
    ['p', clientespotTable],
  ] as const) {
    const porRegla =
      regla && (regla.TipoContacto === 't' || regla.TipoContacto === tipo)
        ? (and(
            regla.IdGrupo ? eq(col(t, 'IdGrupo'), regla.IdGrupo) : undefined,
            regla.Provincia ? eq(col(t, 'Provincia'), regla.Provincia) : undefined,
          ) ?? sql`true`)
        : undefined;
    const asignado = tipo === 'p' ? eq(col(clientespotTable, 'IdSegmento'), idSegmentacion) : undefined;
    const elegidos = porRegla && asignado ? or(porRegla, asignado) : (porRegla ?? asignado);
    if (!elegidos) continue;
    const dest = destino(t, canal);
    const filas = await s
      .pick(
        { Id: col(t, 'Id'), Nombre: col(t, 'Nombre'), Destino: dest },
        t,
        and(elegidos, eq(col(t, 'Baja'), false), sql`${dest} is not null`, isNull(mkBajas.IdContacto)),
      )
      .leftJoin(mkBajas, s.on(mkBajas, and(eq(mkBajas.TipoContacto, tipo), eq(mkBajas.IdContacto, col(t, 'Id')))));
    for (const f of filas)
      out.push({ TipoContacto: tipo, IdContacto: Number(f.Id), Nombre: String(f.Nombre), Destino: String(f.Destino) });
  }
  return out;
}
