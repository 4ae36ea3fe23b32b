import { DEMO_PASSWORD, DEMO_PEOPLE } from './demoData.ts';

/**
 * What a start prints for a person, in Spanish and in plain lines (the server's JSON log goes on
 * beside it): the migrations, the demo seed step by step on the first start, then the address to open and the
 * demo users. `FARO_SILENCIO=1` turns it off.
 */
type Escribir = (linea: string) => void;

const segundos = (ms: number) => `${(ms / 1000).toLocaleString('es-ES', { maximumFractionDigits: 1 })} s`;

export function mensajesArranque(escribir: Escribir = (l) => process.stdout.write(`${l}\n`)) {
  const callar = process.env.FARO_SILENCIO === '1';
  const out: Escribir = callar ? () => {} : escribir;
  let inicioSemilla: number | undefined;
  let inicioPaso: number | undefined;
  /** Closes the step under way with its time. */
  const cerrarPaso = (ahora: number) => {
    if (inicioPaso !== undefined) out(`        hecho en ${segundos(ahora - inicioPaso)}`);
    inicioPaso = undefined;
  };
  return {
    migrando: () => out('Faro: preparando la base de datos (migraciones)…'),
    migrado: (ms: number) => out(`Faro: base de datos al día (${segundos(ms)}).`),
    /** A step of the demo seed starts: the first one announces the seed, each prints `[n/total] what`. */
    pasoSemilla: (paso: number, total: number, texto: string) => {
      const ahora = performance.now();
      inicioSemilla ??= ahora;
      if (paso === 1) out('Faro: primer arranque: creando los datos de demostración (sólo esta vez)…');
      cerrarPaso(ahora);
      inicioPaso = ahora;
      out(`  [${paso}/${total}] ${texto}…`);
    },
    /** Progress of a long step, printed at each quarter: `25 % (120 de 480)`. */
    avanceSemilla: (hechas: number, total: number) => {
      const cuarto = Math.floor((hechas * 4) / total);
      const antes = Math.floor(((hechas - 1) * 4) / total);
      if (cuarto > antes && hechas < total) out(`        ${cuarto * 25} % (${hechas} de ${total})`);
    },
    /** The core of the demo (companies, users, master data) is in: the start goes on to listen. */
    nucleoHecho: () => {
      cerrarPaso(performance.now());
      out('Faro: empresas, usuarios y datos maestros de demostración listos; el resto se crea tras arrancar.');
    },
    /** The rest of the demo is seeded after listening: Faro can be used meanwhile. */
    semillaEnSegundoPlano: () =>
      out(
        'Faro: completando los datos de demostración en segundo plano (un año de ventas, compras, tesorería…); ' +
          'ya puedes entrar y usar Faro mientras tanto.',
      ),
    semillaHecha: () => {
      const ahora = performance.now();
      cerrarPaso(ahora);
      out(`Faro: datos de demostración creados en ${segundos(ahora - (inicioSemilla ?? ahora))}.`);
    },
    /** The address to open and, with the demo data, its users and password. */
    listo: (url: string, demo: boolean, msArranque: number) => {
      out('');
      out(`Faro está listo (${segundos(msArranque)}). Abre ${url} en el navegador.`);
      if (demo) {
        out(`Usuarios de demostración (contraseña ${DEMO_PASSWORD}):`);
        for (const p of DEMO_PEOPLE) {
          const empresas = p.esAdmin
            ? 'administración de la plataforma'
            : p.memberships.map((m) => m.empresa).join(', ');
          out(`  ${p.userName.padEnd(12)} ${empresas}`);
        }
      }
      out('Para detenerlo: Ctrl+C.');
    },
  };
}
