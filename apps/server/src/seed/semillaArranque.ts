import { eq, like } from 'drizzle-orm';
import { hoyEnEspana } from '../modules/ventas/recurrentes/generar.ts';
import type { Db } from '../platform/db/database.ts';
import { ajustes } from '../platform/db/schema.ts';
import { seedDemoSalesDocuments } from './demoSalesDocuments.ts';
import { anunciar, type OpcionesSemilla, PASOS_DIFERIDOS, SEEDED_KEY, seedDemoNucleo } from './seedDemo.ts';

/**
 * The demo seed as the server's start runs it: the core (companies, profiles, users, master data,
 * enrolments) in one transaction before listening, so the first sign-in finds its user and company; the rest (a
 * year of sales, recurring invoices, purchases, treasury, staff, CRM, academy, platform, TicketBAI, dental) after
 * listening, each step in its own transaction and the year of sales in slices of about TRAMO_MS, so the app answers
 * meanwhile. Same rows in the same order as seedDemo (the tests' template), so the same demo.
 *
 * Markers in `ajustes`: `demo_nucleo` (the day the demo was planned for), `demo_paso:<step>` per committed step and,
 * at the end, `demo_sembrada` (the one seedDemoOnce writes; the others are then removed). A start interrupted while
 * seeding goes on at the first step not committed; an interrupted year of sales is left as it stands (with a line).
 */
export const TRAMO_MS = 150;
const NUCLEO = 'demo_nucleo';
const PASO = 'demo_paso:';
const HECHO = 'hecho';

export interface SemillaArranque {
  /** The core was seeded by this start (a first start). */
  nucleoCreado: boolean;
  /** The steps still to seed, to run after listening; undefined when the demo is complete. */
  resto?: () => Promise<void>;
}

export async function prepararDemo(db: Db, opciones: OpcionesSemilla = {}): Promise<SemillaArranque> {
  const filas = await db.select().from(ajustes).where(like(ajustes.clave, 'demo%'));
  const marcas = new Map(filas.map((f) => [f.clave, f.valor]));
  if (marcas.has(SEEDED_KEY)) return { nucleoCreado: false };
  let hoy = marcas.get(NUCLEO);
  let nucleoCreado = false;
  if (!hoy) {
    const dia = opciones.hoy ?? hoyEnEspana();
    await db.transaction(async (tx) => {
      await seedDemoNucleo(tx, opciones);
      await tx.insert(ajustes).values({ clave: NUCLEO, valor: dia });
    });
    hoy = dia;
    nucleoCreado = true;
  }
  const planeado = hoy;
  return { nucleoCreado, resto: () => sembrarResto(db, planeado, marcas, opciones) };
}

async function sembrarResto(db: Db, hoy: string, marcas: Map<string, string>, opciones: OpcionesSemilla) {
  for (const paso of PASOS_DIFERIDOS) {
    const clave = `${PASO}${paso.clave}`;
    const marca = marcas.get(clave);
    if (marca === HECHO) continue;
    anunciar(paso, opciones);
    if (paso.clave === 'ventas') {
      if (marca) {
        const [hechas, total] = marca.split('/');
        if (hechas !== total) console.warn(`Demo: el año de ventas de DEMO quedó a medias (${marca} acciones)`);
      } else {
        await seedDemoSalesDocuments(db, hoy, opciones.avance, {
          ms: TRAMO_MS,
          confirmar: (tx, hechas, total) => marcar(tx, clave, `${hechas}/${total}`),
        });
      }
      await marcar(db, clave, HECHO);
    } else {
      await db.transaction(async (tx) => {
        await paso.sembrar(tx, hoy, opciones);
        await marcar(tx, clave, HECHO);
      });
    }
    await new Promise((r) => setImmediate(r));
  }
  await db.transaction(async (tx) => {
    await tx.delete(ajustes).where(like(ajustes.clave, `${PASO}%`));
    await tx.delete(ajustes).where(eq(ajustes.clave, NUCLEO));
    await tx.insert(ajustes).values({ clave: SEEDED_KEY, valor: new Date().toISOString() });
  });
}

async function marcar(db: Db, clave: string, valor: string): Promise<void> {
  await db.insert(ajustes).values({ clave, valor }).onConflictDoUpdate({ target: ajustes.clave, set: { valor } });
}
