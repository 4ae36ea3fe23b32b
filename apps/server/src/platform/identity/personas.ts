/**
 * Identity: the person, one global row per human (`personas`), shared by every company they belong to. This file is
 * the only code that writes `personas` (`scripts/identityDoor.test.ts` fails on any other writer), so whoever may
 * change a person's e-mail — the address password recovery mails — is decided here and nowhere else:
 * - a company screen writes identity only through `escribirIdentidadDesdeEmpresa`, which refuses a person who is
 *   also a member of another company, an adviser or a platform administrator (their e-mail would let that company
 *   take over the other account through password recovery);
 * - the person changes their own e-mail only by confirming the new address (`identity/cambioEmail.ts`);
 * - the platform administrator (`platform/admin`) and creation of a brand-new person (sign-up, a company's new
 *   user, contracting, demo data) write it directly.
 * Membership (`miembros`: roles, profile, flags, Baja) is the company's and lives in `identity/miembros.ts`.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { personas } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/** A member's identity columns as the user screens read them (JSON names), beside the membership's `Id`. */
export const COLUMNAS_IDENTIDAD = {
  UserName: personas.userName,
  Nombre: personas.nombre,
  Apellido1: personas.apellido1,
  Apellido2: personas.apellido2,
  NombreComercial: personas.nombreComercial,
  Email: personas.email,
};

/** The identity fields a person shows in every company. */
export interface Identidad {
  nombre: string;
  apellido1: string | null;
  apellido2: string | null;
  nombreComercial: string | null;
  email: string;
}

export interface NuevaPersona {
  userName: string;
  nombre: string;
  apellido1?: string | null;
  apellido2?: string | null;
  nombreComercial?: string | null;
  email: string;
  passwordHash: string;
  emailConfirmado?: boolean;
  esAdmin?: boolean;
}

export const IDENTIDAD_COMPARTIDA =
  'Este usuario pertenece también a otras empresas o es asesor: sus datos personales solo los puede cambiar él mismo';

const IDENTIDAD_CAMPOS = ['nombre', 'apellido1', 'apellido2', 'nombreComercial', 'email'] as const;

/** Brand-new people (nobody else's identity can be touched by an insert); their ids in the given order. */
export async function crearPersonas(db: Db, filas: NuevaPersona[]): Promise<{ id: number; userName: string }[]> {
  if (filas.length === 0) return [];
  return db.insert(personas).values(filas).returning({ id: personas.id, userName: personas.userName });
}

export async function crearPersona(db: Db, fila: NuevaPersona): Promise<number> {
  const [p] = await crearPersonas(db, [fila]);
  return p!.id;
}

/**
 * The person is shared beyond `empresaId`: a membership (active or not) of any other company, a membership with the
 * adviser role or of an advisory firm, or a platform administrator.
 */
export async function identidadCompartida(db: Db, personaId: number, empresaId: number): Promise<boolean> {
  const rows = await db.execute<{ compartida: boolean }>(sql`
    select (p.es_admin
      or exists (select 1 from miembros m where m.persona_id = p.id and m.empresa_id <> ${empresaId})
      or exists (select 1 from miembros m join empresas e on e.id = m.empresa_id
                 where m.persona_id = p.id and (m.roles @> '["asesoria"]'::jsonb or e.tipo_cuenta = 'asesoria'))
    ) as compartida
    from personas p where p.id = ${personaId}`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: { compartida: boolean }[] }).rows;
  return list[0]?.compartida !== false;
}

/**
 * A company screen saving a member's identity: a no-op when nothing changes; otherwise only for a person whose one
 * membership is this company (403 with IDENTIDAD_COMPARTIDA else). The person's row is locked first, so a membership
 * of another company being added at the same time (its foreign key takes a share lock on the row) either waits for
 * this write or is seen by the check.
 */
export async function escribirIdentidadDesdeEmpresa(
  db: Db,
  empresaId: number,
  personaId: number,
  datos: Identidad,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [antes] = await tx.select().from(personas).where(eq(personas.id, personaId)).for('update');
    if (!antes) throw new AppError(404, 'No se ha encontrado el registro');
    // An empty text and no value are the same datum (a form may send either for an untouched empty field).
    const cambia = IDENTIDAD_CAMPOS.some((k) => (antes[k] ?? '') !== (datos[k] ?? ''));
    if (!cambia) return;
    if (await identidadCompartida(tx, personaId, empresaId)) throw new AppError(403, IDENTIDAD_COMPARTIDA);
    await tx.update(personas).set(soloIdentidad(datos)).where(eq(personas.id, personaId));
  });
}

/** Identity written by the platform administrator or by the person's own confirmed change. */
export async function escribirIdentidad(db: Db, personaId: number, datos: Partial<Identidad>): Promise<void> {
  const set = soloIdentidad(datos);
  if (Object.keys(set).length === 0) return;
  await db.update(personas).set(set).where(eq(personas.id, personaId));
}

function soloIdentidad(datos: Partial<Identidad>): Partial<Identidad> {
  const out: Partial<Identidad> = {};
  for (const k of IDENTIDAD_CAMPOS) if (datos[k] !== undefined) Object.assign(out, { [k]: datos[k] });
  return out;
}

/** A new password; `desbloquear` also ends any lock and failure series (password recovery). */
export async function cambiarPassword(
  db: Db,
  personaId: number,
  passwordHash: string,
  opciones: { desbloquear?: boolean } = {},
): Promise<void> {
  const desbloqueo = opciones.desbloquear ? ESTADO_LIMPIO : {};
  await db
    .update(personas)
    .set({ passwordHash, ...desbloqueo })
    .where(eq(personas.id, personaId));
}

export async function confirmarEmail(db: Db, personaId: number): Promise<void> {
  await db.update(personas).set({ emailConfirmado: true }).where(eq(personas.id, personaId));
}

/** The company a person lands in at the next sign-in. */
export async function recordarEmpresa(db: Db, personaId: number, empresaId: number): Promise<void> {
  await db.update(personas).set({ ultimaEmpresaId: empresaId }).where(eq(personas.id, personaId));
}

const ESTADO_LIMPIO = { bloqueado: false, fallosLogin: 0, ultimoFallo: null, bloqueadoHasta: null };

/** The administrator's unlock: both locks and the failure series end. */
export async function desbloquear(db: Db, personaId: number): Promise<void> {
  await db.update(personas).set(ESTADO_LIMPIO).where(eq(personas.id, personaId));
}

/** A successful sign-in: the failure series ends and the landing company is remembered. */
export async function accesoCorrecto(db: Db, personaId: number, ultimaEmpresaId: number | null): Promise<void> {
  await db
    .update(personas)
    .set({ fallosLogin: 0, ultimoFallo: null, bloqueadoHasta: null, ultimaEmpresaId })
    .where(eq(personas.id, personaId));
}

/**
 * One more failed sign-in, counted in one statement (parallel guesses cannot overwrite each other's count), then the
 * lock when the count reaches `bloquearTras`: only the statement that sets it reports `locked`.
 */
export async function registrarFalloAcceso(
  db: Db,
  personaId: number,
  regla: { now: number; lockMs: number; serieMs: number; bloquearTras: number },
): Promise<{ fallos: number; locked: boolean }> {
  const at = new Date(regla.now).toISOString();
  const seriesStart = new Date(regla.now - regla.serieMs).toISOString();
  const [row] = await db
    .update(personas)
    .set({
      fallosLogin: sql`case when ${personas.ultimoFallo} is null or ${personas.ultimoFallo} < ${seriesStart}::timestamptz then 1 else ${personas.fallosLogin} + 1 end`,
      ultimoFallo: sql`${at}::timestamptz`,
    })
    .where(eq(personas.id, personaId))
    .returning({ fallos: personas.fallosLogin });
  const fallos = row?.fallos ?? 0;
  if (fallos < regla.bloquearTras) return { fallos, locked: false };
  const locked = await db
    .update(personas)
    .set({ fallosLogin: 0, bloqueadoHasta: new Date(regla.now + regla.lockMs) })
    .where(and(eq(personas.id, personaId), gte(personas.fallosLogin, regla.bloquearTras)))
    .returning({ id: personas.id });
  return { fallos, locked: locked.length > 0 };
}
