import { PERMISSION_CODE_LIST } from '@faro/domain';
import { eq } from 'drizzle-orm';
import { hoyEnEspana } from '../modules/ventas/recurrentes/generar.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import type { Db } from '../platform/db/database.ts';
import { ajustes, asesoriaClientes, centrosTable, empresas, miembros, rolesTable } from '../platform/db/schema.ts';
import { crearPersonas } from '../platform/identity/personas.ts';
import { seedDemoAcademia } from './demoAcademia.ts';
import { seedDemoCompras } from './demoCompras.ts';
import { seedDemoCrm } from './demoCrm.ts';
import { ASESORIA_CLIENTS, DEMO_COMPANIES, DEMO_PASSWORD, DEMO_PEOPLE, DEMO_PROFILES } from './demoData.ts';
import { seedDemoInmovilizado } from './demoInmovilizado.ts';
import { seedDemoMasterData } from './demoMasterData.ts';
import { seedDemoMatriculas } from './demoMatriculas.ts';
import { seedDemoOdontologia } from './demoOdontologia.ts';
import { seedDemoPersonal } from './demoPersonal.ts';
import { seedDemoPlataforma } from './demoPlataforma.ts';
import { seedDemoRecurrentes } from './demoRecurrentes.ts';
import { seedDemoSalesDocuments } from './demoSalesDocuments.ts';
import { seedDemoTesoreria } from './demoTesoreria.ts';
import { seedDemoTicketbai } from './demoTicketbai.ts';

/** Marker of a complete demo seed in `ajustes`. */
export const SEEDED_KEY = 'demo_sembrada';

/** Seeds the demo data once: a marker row makes every later start skip it (restarts keep user data). */
export async function seedDemoOnce(db: Db, opciones: OpcionesSemilla = {}): Promise<boolean> {
  const [done] = await db.select().from(ajustes).where(eq(ajustes.clave, SEEDED_KEY));
  if (done) return false;
  await db.transaction(async (tx) => {
    const t = tx;
    await seedDemo(t, opciones);
    await t.insert(ajustes).values({ clave: SEEDED_KEY, valor: new Date().toISOString() });
  });
  return true;
}

export interface OpcionesSemilla {
  /** The day the demo's sales history ends before (yyyy-mm-dd; default today in Europe/Madrid). */
  hoy?: string;
  /** Told each step as it starts (the first start prints them: step number, total and what). */
  progreso?: (paso: number, total: number, texto: string) => void;
  /** Told as the sales history advances (actions done of the total). */
  avance?: (hechas: number, total: number) => void;
}

/** The steps of the demo seed, in order, as the first start prints them. */
export const PASOS_SEMILLA = [
  'empresas, perfiles y usuarios',
  'datos maestros (clientes, proveedores, productos, almacenes…)',
  'matrículas de la academia y la autoescuela',
  'un año de ventas de DEMO (presupuestos, pedidos, albaranes, facturas y cobros)',
  'facturas recurrentes',
  'compras, tesorería, personal, CRM, academia y plataforma',
] as const;

export async function seedDemo(db: Db, opciones: OpcionesSemilla = {}): Promise<void> {
  await seedDemoNucleo(db, opciones);
  const hoy = opciones.hoy ?? hoyEnEspana();
  for (const diferido of PASOS_DIFERIDOS) {
    anunciar(diferido, opciones);
    await diferido.sembrar(db, hoy, opciones);
  }
}

/** Prints the PASOS_SEMILLA step a deferred step opens (if it opens one). */
export function anunciar(diferido: PasoDiferido, opciones: OpcionesSemilla): void {
  const n = diferido.anuncia;
  if (n !== undefined) opciones.progreso?.(n + 1, PASOS_SEMILLA.length, PASOS_SEMILLA[n]!);
}

/**
 * Steps 1–3 of the seed: companies, profiles, users, master data and enrolments: what a sign-in and the first screens
 * need. The start seeds it before listening; the rest (PASOS_DIFERIDOS) may follow after.
 */
export async function seedDemoNucleo(db: Db, opciones: OpcionesSemilla = {}): Promise<void> {
  const paso = (n: number) => opciones.progreso?.(n + 1, PASOS_SEMILLA.length, PASOS_SEMILLA[n]!);
  paso(0);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One multi-row INSERT per table, rows in the order the demo lists them (so the same ids as one by one).
  const companyRows = await db
    .insert(empresas)
    .values(
      DEMO_COMPANIES.map((c) => ({
        codigo: c.codigo,
        nombre: c.nombre,
        nif: c.nif,
        tipoCuenta: c.tipoCuenta,
        entidadPruebas: c.entidadPruebas,
        condicionesAceptadas: c.condicionesAceptadas,
        modulos: c.modulos as Record<string, boolean>,
        datosEmpresa: c.datosEmpresa ?? `${c.nombre}\nNIF ${c.nif}`,
        polDevoluciones: c.polDevoluciones ?? '',
      })),
    )
    .returning({ id: empresas.id, codigo: empresas.codigo });
  const companyId = new Map(companyRows.map((r) => [r.codigo, r.id]));
  const centros = DEMO_COMPANIES.flatMap((c) =>
    c.centros.map((centro) => ({
      empresaId: companyId.get(c.codigo)!,
      Val: centro.Val,
      Desc: centro.Desc,
      Denegados: centro.Denegados ?? [],
    })),
  );
  if (centros.length) await db.insert(centrosTable).values(centros as never);
  const profileRows = (await db
    .insert(rolesTable)
    .values(
      DEMO_PROFILES.map((p) => {
        const full = Object.keys(p.Permisos).length === 0;
        return {
          empresaId: companyId.get(p.empresa)!,
          Nombre: p.Nombre,
          Descripcion: p.Descripcion,
          Permisos: Object.fromEntries(PERMISSION_CODE_LIST.map((code) => [code, full ? 3 : (p.Permisos[code] ?? 0)])),
        };
      }) as never,
    )
    .returning()) as unknown as { Id: number; empresaId: number; Nombre: string }[];
  const profileId = new Map(profileRows.map((r) => [`${r.empresaId}/${r.Nombre}`, r.Id]));
  const personRows = await crearPersonas(
    db,
    DEMO_PEOPLE.map((person) => ({
      userName: person.userName,
      nombre: person.nombre,
      apellido1: person.apellido1,
      email: person.email,
      passwordHash,
      esAdmin: person.esAdmin ?? false,
    })),
  );
  const personId = new Map(personRows.map((r) => [r.userName, r.id]));
  const memberships = DEMO_PEOPLE.flatMap((person) =>
    person.memberships.map((m) => ({
      empresaId: companyId.get(m.empresa)!,
      personaId: personId.get(person.userName)!,
      roles: m.roles,
      propietario: m.propietario ?? false,
      fichajeActivo: m.fichajeActivo ?? false,
      soloFichaje: m.soloFichaje ?? false,
      codigoEmpleado: m.codigoEmpleado,
      idPerfil: m.perfil ? profileId.get(`${companyId.get(m.empresa)}/${m.perfil}`) : null,
    })),
  );
  if (memberships.length) await db.insert(miembros).values(memberships);
  const asesorias = Object.entries(ASESORIA_CLIENTS).flatMap(([asesoria, clients]) =>
    clients.map((client) => ({ empresaId: companyId.get(asesoria)!, clienteEmpresaId: companyId.get(client)! })),
  );
  if (asesorias.length) await db.insert(asesoriaClientes).values(asesorias);
  paso(1);
  await seedDemoMasterData(db);
  paso(2);
  await seedDemoMatriculas(db);
}

export interface PasoDiferido {
  /** Marker suffix in `ajustes` (demo_paso:<clave>) once the step is committed. */
  clave: string;
  /** Index in PASOS_SEMILLA whose message announces it (undefined: part of the previous announcement). */
  anuncia?: number;
  sembrar: (db: Db, hoy: string, opciones: OpcionesSemilla) => Promise<void>;
}

/** Steps 4–6 of the seed, in their order (ids and numbers follow it): the year of sales first. */
export const PASOS_DIFERIDOS: readonly PasoDiferido[] = [
  { clave: 'ventas', anuncia: 3, sembrar: (db, hoy, o) => seedDemoSalesDocuments(db, hoy, o.avance) },
  { clave: 'recurrentes', anuncia: 4, sembrar: (db) => seedDemoRecurrentes(db) },
  // Each area seeds its own DEMO rows (one file per area, owned by the area's issue).
  { clave: 'compras', anuncia: 5, sembrar: (db, hoy) => seedDemoCompras(db, hoy) },
  { clave: 'tesoreria', sembrar: (db, hoy) => seedDemoTesoreria(db, hoy) },
  { clave: 'personal', sembrar: (db, hoy) => seedDemoPersonal(db, hoy) },
  { clave: 'crm', sembrar: (db, hoy) => seedDemoCrm(db, hoy) },
  { clave: 'academia', sembrar: (db, hoy) => seedDemoAcademia(db, hoy) },
  { clave: 'plataforma', sembrar: (db, hoy) => seedDemoPlataforma(db, hoy) },
  { clave: 'ticketbai', sembrar: (db, hoy) => seedDemoTicketbai(db, hoy) },
  { clave: 'odontologia', sembrar: (db, hoy) => seedDemoOdontologia(db, hoy) },
  { clave: 'inmovilizado', sembrar: (db, hoy) => seedDemoInmovilizado(db, hoy) },
];
