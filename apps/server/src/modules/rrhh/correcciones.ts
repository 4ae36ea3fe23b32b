import { MSG } from '@faro/domain';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { fichajes, fichajesCorrecciones } from '../../platform/tenancy/tables.ts';
import { anotarFichaje } from './cadena.ts';

export type Lado = 't' | 'r';

export const correccionBody = z
  .object({
    IdFichaje: z.number({ error: MSG.format }).int().positive().nullish(),
    Estado: z.enum(['e', 's', 'p', 'r'], { error: 'Estado debe ser e, s, p o r' }),
    Fecha: z.iso.datetime({ error: MSG.format, offset: true }),
    MotivoPausa: z
      .string()
      .trim()
      .max(200, { error: MSG.maxLength('Motivo de la pausa', 200) })
      .nullish(),
    Motivo: z
      .string({ error: MSG.required('Motivo') })
      .trim()
      .min(3, { error: MSG.minLength('Motivo', 3) })
      .max(500, { error: MSG.maxLength('Motivo', 500) }),
  })
  .refine((b) => b.Estado !== 'p' || !!b.MotivoPausa, {
    error: MSG.required('Motivo de la pausa'),
    path: ['MotivoPausa'],
  });
export type CorreccionBody = z.infer<typeof correccionBody>;

export const respuestaBody = z
  .object({
    Respuesta: z
      .string()
      .trim()
      .max(500, { error: MSG.maxLength('Respuesta', 500) })
      .nullish(),
  })
  .nullish();

/** A proposal (worker 't' for themselves, manager 'r' for a worker): never touches the entries. */
export async function proponer(scope: Scope, personaId: number, lado: Lado, proponente: number, b: CorreccionBody) {
  const fecha = new Date(b.Fecha);
  if (fecha.getTime() > Date.now() + 60_000) {
    throw new AppError(400, MSG.formInvalid, [{ Campo: 'Fecha', Mensaje: 'La fecha no puede ser futura' }]);
  }
  return scope.tx(async (tx) => {
    if (b.IdFichaje) {
      const [f] = await tx.pick(
        { id: fichajes.id },
        fichajes,
        and(eq(fichajes.id, b.IdFichaje), eq(fichajes.personaId, personaId)),
      );
      if (!f) throw new AppError(404, 'No existe el fichaje');
    }
    const [row] = await tx
      .insert(fichajesCorrecciones, {
        IdPersona: personaId,
        IdFichaje: b.IdFichaje ?? null,
        Estado: b.Estado,
        Fecha: fecha,
        MotivoPausa: b.Estado === 'p' ? (b.MotivoPausa ?? null) : null,
        Motivo: b.Motivo,
        PropuestaPor: lado,
        IdProponente: proponente,
      })
      .returning();
    await tx.audit({
      accion: 'A',
      recurso: 'fichajescorr',
      idRegistro: row!.Id,
      campos: { Persona: personaId, Estado: b.Estado, Fecha: b.Fecha, Motivo: b.Motivo, PropuestaPor: lado },
    });
    return correccionJson(row!);
  });
}

export const correccionJson = (c: typeof fichajesCorrecciones.$inferSelect) => ({
  ...c,
  Fecha: c.Fecha.toISOString(),
  PropuestaEn: c.PropuestaEn.toISOString(),
  ResueltaEn: c.ResueltaEn?.toISOString() ?? null,
});

/**
 * The other side's answer. A worker answers the manager's proposals about themselves, a manager the workers'; the
 * proposer never answers their own. Approving appends the corrected entry to the chain (corrige_id = this id).
 */
export async function resolver(
  scope: Scope,
  id: number,
  lado: Lado,
  resolutor: number,
  aprobar: boolean,
  respuesta: string | null,
  origen: { ip: string | null; dispositivo: string | null },
  soloPersona?: number,
) {
  return scope.tx(async (tx) => {
    const [c] = await tx
      .select(
        fichajesCorrecciones,
        and(eq(fichajesCorrecciones.Id, id), soloPersona ? eq(fichajesCorrecciones.IdPersona, soloPersona) : undefined),
      )
      .for('update');
    if (!c) throw new AppError(404, 'No existe la corrección');
    if (c.Situacion !== 'pendiente') throw new AppError(400, 'La corrección ya está resuelta');
    if (c.PropuestaPor === lado || c.IdProponente === resolutor) {
      throw new AppError(403, 'La corrección debe aprobarla la otra parte (el trabajador o su responsable)');
    }
    let nuevo: number | null = null;
    if (aprobar) {
      const { row } = await anotarFichaje(tx, c.IdPersona, {
        tipo: c.Estado === 'p' || c.Estado === 'r' ? 'p' : 'j',
        estado: c.Estado as 'e' | 's' | 'p' | 'r',
        motivoPausa: c.MotivoPausa,
        fecha: c.Fecha,
        origen: 'w',
        corrigeId: c.Id,
        ...origen,
      });
      nuevo = row.id;
    }
    const [updated] = await tx
      .update(
        fichajesCorrecciones,
        {
          Situacion: aprobar ? 'aprobada' : 'rechazada',
          IdResolutor: resolutor,
          ResueltaEn: new Date(),
          Respuesta: respuesta,
          IdFichajeNuevo: nuevo,
        },
        eq(fichajesCorrecciones.Id, id),
      )
      .returning();
    await tx.audit({
      accion: 'M',
      recurso: 'fichajescorr',
      idRegistro: id,
      campos: { Situacion: aprobar ? 'aprobada' : 'rechazada', Resolutor: resolutor },
    });
    return correccionJson(updated!);
  });
}

export async function listarCorrecciones(scope: Scope, personaId?: number, situacion?: string) {
  const rows = await scope
    .select(
      fichajesCorrecciones,
      and(
        personaId ? eq(fichajesCorrecciones.IdPersona, personaId) : undefined,
        situacion ? eq(fichajesCorrecciones.Situacion, situacion) : undefined,
      ),
    )
    .orderBy(desc(fichajesCorrecciones.Id))
    .limit(500);
  return rows.map(correccionJson);
}
