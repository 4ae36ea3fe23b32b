/**
 * The sections `npm run bench` runs after the server figures, in this order; `npm run bench -- <key>` runs one alone
 * (the key is its file's name), and `soak` and `panel` run only that way. A section that fails prints why and the
 * next one still runs.
 */
import { errorText } from './format.ts';

interface Seccion {
  key: string;
  title: string;
  run: () => Promise<unknown>;
}

// biome-ignore format: a table reads one row a line
export const SECCIONES: Seccion[] = [
  // The key screens' /api calls before data and time to data in Chromium, DEMO's data.
  { key: 'pantallas', title: 'SCREENS', run: async () => (await import('./pantallas.ts')).benchPantallas() },
  // Customers list, search and export at 100k customers.
  { key: 'masterData', title: 'MASTER DATA', run: async () => (await import('./masterData.ts')).benchMasterData() },
  // Issuing with the chained record on vs off.
  { key: 'verifactu', title: 'VERIFACTU', run: async () => (await import('./verifactu.ts')).benchVerifactu() },
  // The per-invoice cost of building and signing the file.
  { key: 'ticketbai', title: 'TICKETBAI', run: async () => (await import('./ticketbai.ts')).benchTicketbai() },
  // Issuing, the invoice list at 1M invoices, PDFs, beside the bare reference routes (referencia.ts).
  { key: 'ventas', title: 'SALES', run: async () => (await import('./ventas.ts')).benchVentas() },
  // Monthly charges for 20,000 enrolments and their invoices.
  { key: 'academia', title: 'ACADEMY', run: async () => (await import('./academia.ts')).benchAcademia() },
  // The classes calendar of 30 instructors × a month and the clash check's p95.
  { key: 'autoescuela', title: 'DRIVING SCHOOL', run: async () => (await import('./autoescuela.ts')).benchAutoescuela() },
  // The received-invoice list (PGlite 100k, PostgreSQL 1M) beside raw SQL; registering drafts.
  { key: 'compras', title: 'PURCHASES', run: async () => (await import('./compras.ts')).benchCompras() },
  // The monthly time-clock sheet of 500 workers, chain verification, 200 concurrent clock-ins.
  { key: 'personal', title: 'PEOPLE', run: async () => (await import('./personal.ts')).benchPersonal() },
  // A 10,000-receipt SEPA batch XSD-validated, a 100,000-line Norma 43, movements list at 1M.
  { key: 'tesoreria', title: 'TREASURY', run: async () => (await import('./tesoreria.ts')).benchTesoreria() },
  // A campaign of 100,000 recipients queued, messages sent to a local SMTP per second.
  { key: 'crm', title: 'CRM AND MARKETING', run: async () => (await import('./crm.ts')).benchCrm() },
  // A year of 250,000 entries as ContaPlus XDiario/XSubCta zipped, then the same from the ledger.
  {
    key: 'contabilidad',
    title: 'ACCOUNTING',
    run: async () => {
      const { benchContabilidad, benchContaPlusLibro } = await import('./contabilidad.ts');
      await benchContabilidad();
      await benchContaPlusLibro();
    },
  },
  // Sumas y saldos over a year of 1,000,000 entry lines.
  { key: 'libroContable', title: 'LEDGER', run: async () => (await import('./libroContable.ts')).benchLibroContable() },
  // The 303 and 347 of a quarter with 100,000 issued invoices, boxes, traces and the AEAT file.
  { key: 'impuestos', title: 'TAX MODELS', run: async () => (await import('./impuestos.ts')).benchImpuestos() },
  // 303 / 390 of 100,000 issued + 50,000 received invoices beside the raw SQL aggregate.
  { key: 'modelosCarga', title: 'TAX MODELS LOAD', run: async () => (await import('./modelosCarga.ts')).benchModelosCarga() },
  // First start with DEMO on a fresh folder and restarts, ms to the first 200 of /api/health.
  { key: 'arranque', title: 'START-UP', run: async () => (await import('./arranque.ts')).benchArranque() },
  // PGlite against app-started PostgreSQL, power cut (docs/adr/0003).
  { key: 'durabilidad', title: 'DURABILITY', run: async () => (await import('./durabilidad.ts')).benchDurabilidad() },
];

/** Run only alone; their result is the exit code. */
const SOLO_APARTE: Record<string, () => Promise<number>> = {
  // 200 office users for 10 minutes, bounded.
  soak: async () => (await import('./soak.ts')).runSoak(),
  panel: async () => (await import('./panel.ts')).benchPanel(),
};

/** Runs one section with its banner; a failure is printed, not thrown. */
export async function correrSeccion(s: Seccion): Promise<void> {
  console.log(`\n${'='.repeat(68)} ${s.title}`);
  await s.run().catch((error) => console.log(`!!! ${s.title.toLowerCase()} failed: ${errorText(error)}`));
}

/** The exit code of the section named `key` run alone, or undefined when no section has that key. */
export async function soloSeccion(key: string | undefined): Promise<number | undefined> {
  if (!key) return undefined;
  const aparte = SOLO_APARTE[key];
  if (aparte) return aparte();
  const s = SECCIONES.find((x) => x.key === key);
  if (!s) return undefined;
  await correrSeccion(s);
  return 0;
}
