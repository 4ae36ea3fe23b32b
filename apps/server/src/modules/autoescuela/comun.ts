import { isIsoDate, MSG } from '@faro/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  alumnosTable as al,
  alumnosCols as alC,
  cargosTable as ca,
  cargosCols as caC,
  col,
  confautoescuelaTable as conf,
} from '../../platform/tenancy/tables.ts';

export const fechaSchema = z.string({ error: MSG.format }).refine(isIsoDate, { error: MSG.format });
export const idSchema = z.coerce.number({ error: MSG.format }).int().positive({ error: MSG.format });

export const idParam = (request: FastifyRequest, name = 'id') => {
  const id = Number((request.params as Record<string, string>)[name]);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

/** dd/mm/aaaa */
export const fechaEs = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** "Nombre Apellidos" of a student, or null when it is not this company's. */
export async function nombreAlumno(s: Scope, idAlumno: number): Promise<string | null> {
  const [a] = await s.pick({ Nombre: alC.Nombre, Apellidos: alC.Apellidos }, al, eq(alC.Id, idAlumno));
  return a ? [a.Nombre, a.Apellidos].filter(Boolean).join(' ') : null;
}

/** The school's settings (the first row of confautoescuela), with the defaults when there is none. */
export async function ajustes(s: Scope) {
  const [c] = await s
    .pick(
      {
        MinutosClase: col(conf, 'MinutosClase'),
        ReglaNoPresentado: col(conf, 'ReglaNoPresentado'),
        HorasAviso: col(conf, 'HorasAviso'),
        JefaturaTrafico: col(conf, 'JefaturaTrafico'),
        MinimoClases: col(conf, 'MinimoClases'),
      },
      conf,
    )
    .orderBy(desc(col(conf, 'Id')))
    .limit(1);
  return {
    MinutosClase: c?.MinutosClase == null ? 45 : Number(c.MinutosClase),
    ReglaNoPresentado: (c?.ReglaNoPresentado as string | null) ?? 'cobrarsinaviso',
    HorasAviso: c?.HorasAviso == null ? 24 : Number(c.HorasAviso),
    JefaturaTrafico: (c?.JefaturaTrafico as string | null) ?? '',
    /** Practical classes a student needs before the exam-quota plan proposes them (default 15). */
    MinimoClases: c?.MinimoClases == null ? 15 : Number(c.MinimoClases),
  };
}

/** A manual charge to a student (invoiced later through factcobros); returns its id. */
export async function cargar(
  s: Scope,
  c: { IdAlumno: number; Fecha: string; Concepto: string; Importe: string; TipoIva: string },
): Promise<number> {
  const [row] = await s
    .insert(ca, {
      IdAlumno: c.IdAlumno,
      Fecha: c.Fecha,
      Modo: 'manual',
      Concepto: c.Concepto.slice(0, 300),
      Importe: c.Importe,
      TipoIva: c.TipoIva,
    } as never)
    .returning({ Id: caC.Id });
  return Number(row!.Id);
}

/** Serialises the calendar's writes of one company (clash check and insert as one step): a transaction lock. */
export async function bloquearCalendario(s: Scope): Promise<void> {
  await s.execute((empresa) => sql`select pg_advisory_xact_lock(${empresa}::int, 18)`);
}
