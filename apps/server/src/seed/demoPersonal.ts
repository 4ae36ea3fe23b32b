import { huellaFichaje, letraDia } from '@faro/domain';
import { inArray } from 'drizzle-orm';
import { guardarPin } from '../modules/rrhh/kiosco.ts';
import type { Db } from '../platform/db/database.ts';
import { diaMas } from '../platform/fechas.ts';
import {
  col,
  comercialesTable,
  contratosTable,
  empleadosTable,
  familiasTable,
  fichajes,
  fichajesCorrecciones,
  miembros,
  sitlaboralTable,
  tableOf,
} from '../platform/tenancy/tables.ts';
import { empresaDemo } from './empresaDemo.ts';

/** A Madrid wall-clock time of a day as an instant (CET/CEST found by trying both offsets). */
function madrid(dia: string, hhmm: string): Date {
  for (const offset of ['+01:00', '+02:00']) {
    const d = new Date(`${dia}T${hhmm}:00${offset}`);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Madrid',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(d);
    if (local === hhmm) return d;
  }
  return new Date(`${dia}T${hhmm}:00+01:00`);
}

/** Every demo company's sales rep earns 3 % of what is invoiced (a rule with neither family nor product). */
const reglaGeneral = (IdComercial: number) => ({
  IdComercial,
  Descripcion: 'Comisión general',
  IdFamilia: null,
  IdProducto: null,
  Porcentaje: '3',
  Base: 'facturado',
});
/**
 * DEMO data of people: a contract per employee (weekly pattern, trial period, salary), the national
 * holidays of the year, an approved holiday and a pending request, commission rules, and 30 days of hash-chained time
 * clock entries for the time-clock-only worker (fichaje, E002) with a missing exit, an offline entry and a pending
 * correction; kiosk PIN 1234 for E001 (empleado). A handful of multi-row statements: the first start stays fast.
 */
export async function seedDemoPersonal(db: Db, hoy: string): Promise<void> {
  for (const codigo of ['ACADEMIA', 'AUTOESCUELA']) await seedPersonalBasico(db, codigo, hoy);
  const s = await empresaDemo(db, 'DEMO');
  if (!s) return;
  const ec = (f: string) => col(empleadosTable, f);
  const emps = (await s.pick(
    { Id: ec('Id'), Codigo: ec('Codigo'), Nombre: ec('Nombre'), IdCentro: ec('IdCentro'), FechaAlta: ec('FechaAlta') },
    empleadosTable,
  )) as { Id: number; Codigo: string; Nombre: string; IdCentro: number | null; FechaAlta: string | null }[];
  if (emps.length === 0) return;
  const byCode = new Map(emps.map((x) => [x.Codigo, x]));

  await s.insert(
    contratosTable,
    emps.map((x, i) => ({
      Tipo: i === 3 ? 'temporal' : 'indefinido',
      IdEmpleado: x.Id,
      IdCentro: x.IdCentro,
      Descripcion: `Contrato de ${x.Nombre}`,
      JornadaSemanal: i === 3 ? '20.00' : '40.00',
      FechaInicio: x.FechaAlta ?? `${hoy.slice(0, 4)}-01-01`,
      FechaFin: i === 3 ? `${hoy.slice(0, 4)}-12-31` : null,
      PeriodoPrueba: i === 3 ? 30 : 60,
      DiasSemana: 'LMXJV',
      HoraEntrada: i === 3 ? '09:00' : '08:00',
      HoraSalida: i === 3 ? '13:00' : '17:00',
      Turno: 'Mañana',
      LimiteExtraMes: 20 * 60,
      SalarioBruto: i === 3 ? '12000.00' : '24000.00',
    })),
  );

  const year = hoy.slice(0, 4);
  const festivos = [
    ['01-01', 'Año Nuevo'],
    ['01-06', 'Epifanía del Señor'],
    ['05-01', 'Fiesta del Trabajo'],
    ['08-15', 'Asunción de la Virgen'],
    ['10-12', 'Fiesta Nacional de España'],
    ['11-01', 'Todos los Santos'],
    ['12-06', 'Día de la Constitución'],
    ['12-08', 'Inmaculada Concepción'],
    ['12-25', 'Natividad del Señor'],
  ] as const;
  const festivosT = tableOf('festivos');
  const ausenciasT = tableOf('ausencias');
  const reglasT = tableOf('reglascomision');
  if (!festivosT || !ausenciasT || !reglasT) return;
  await s.insert(
    festivosT,
    festivos.map(([md, d]) => ({ Fecha: `${year}-${md}`, Descripcion: d, IdCentro: null })),
  );
  const festivoSet = new Set(festivos.map(([md]) => `${year}-${md}`));

  const sits = (await s.pick(
    { Id: col(sitlaboralTable, 'Id'), Codigo: col(sitlaboralTable, 'Codigo') },
    sitlaboralTable,
  )) as { Id: number; Codigo: string }[];
  const vac = sits.find((x) => x.Codigo === 'VACAC')?.Id;
  const e3 = byCode.get('E003');
  const e4 = byCode.get('E004');
  if (vac && e3 && e4) {
    await s.insert(ausenciasT, [
      {
        IdEmpleado: e3.Id,
        IdSitLaboral: vac,
        Desde: diaMas(hoy, -12),
        Hasta: diaMas(hoy, -8),
        Estado: 'aprobada',
        Motivo: 'Vacaciones de otoño',
      },
      {
        IdEmpleado: e4.Id,
        IdSitLaboral: vac,
        Desde: diaMas(hoy, 20),
        Hasta: diaMas(hoy, 24),
        Estado: 'solicitada',
        Motivo: 'Puente de diciembre',
      },
    ]);
  }

  const [com] = (await s.pick({ Id: col(comercialesTable, 'Id') }, comercialesTable).limit(1)) as { Id: number }[];
  const [fam] = (await s.pick({ Id: col(familiasTable, 'Id') }, familiasTable).limit(1)) as { Id: number }[];
  if (com) {
    await s.insert(reglasT, [
      reglaGeneral(com.Id),
      ...(fam
        ? [
            {
              IdComercial: com.Id,
              Descripcion: 'Familia principal',
              IdFamilia: fam.Id,
              IdProducto: null,
              Porcentaje: '5',
              Base: 'cobrado',
            },
          ]
        : []),
    ]);
  }

  // 30 days of chained entries for the two demo workers.
  const members = await s.pick(
    { personaId: miembros.personaId, codigo: miembros.codigoEmpleado },
    miembros,
    inArray(miembros.codigoEmpleado, ['E001', 'E002']),
  );
  const rows: Omit<typeof fichajes.$inferInsert, 'empresaId'>[] = [];
  const correccionDe: { persona: number; dia: string }[] = [];
  // E002 (user 'fichaje') gets the month of entries; E001 ('empleado') starts clean for the journeys and tests.
  for (const m of members.filter((x) => x.codigo === 'E002')) {
    let anterior = '';
    const ausente = diaMas(hoy, -20); // a workday without entries: an absence in the month view
    for (let n = 30; n >= 1; n--) {
      const dia = diaMas(hoy, -n);
      if (!'LMXJV'.includes(letraDia(dia)) || festivoSet.has(dia) || dia === ausente) continue;
      const tarde = (n * 7) % 11;
      const marcas: [string, string, string | null][] = [
        ['e', `08:0${tarde % 10}`, null],
        ['p', '13:30', 'Comida'],
        ['r', '14:15', null],
        ['s', `17:${String(10 + tarde).padStart(2, '0')}`, null],
      ];
      const sinSalida = m.codigo === 'E002' && n === 6;
      for (const [estado, hhmm, motivo] of sinSalida ? marcas.slice(0, 3) : marcas) {
        const fecha = madrid(dia, hhmm);
        const offline = m.codigo === 'E002' && n === 3 && estado === 'e';
        const registrado = offline ? new Date(fecha.getTime() + 25 * 60_000) : fecha;
        const values = {
          personaId: m.personaId,
          fecha,
          registrado,
          tipo: estado === 'p' || estado === 'r' ? 'p' : 'j',
          estado,
          motivoPausa: motivo,
          latitud: null,
          longitud: null,
          origen: offline ? 'm' : 'w',
          offline,
          idCliente: offline ? `demo-offline-${dia}` : null,
          corrigeId: null,
          ip: '127.0.0.1',
          dispositivo: offline ? 'Faro móvil (demo)' : 'Faro web (demo)',
        };
        const huella = huellaFichaje(
          {
            Id: 0,
            Persona: m.personaId,
            Fecha: fecha.toISOString(),
            Registrado: registrado.toISOString(),
            Tipo: values.tipo,
            Estado: estado,
            MotivoPausa: motivo,
            Origen: values.origen,
            Offline: offline,
            Corrige: null,
            Latitud: null,
            Longitud: null,
            Ip: values.ip,
            Dispositivo: values.dispositivo,
            IdCliente: values.idCliente,
          },
          anterior,
        );
        rows.push({ ...values, huella, huellaAnterior: anterior });
        anterior = huella;
      }
      if (sinSalida) correccionDe.push({ persona: m.personaId, dia });
    }
  }
  if (rows.length > 0) await s.insert(fichajes, rows);
  if (correccionDe.length > 0) {
    await s.insert(
      fichajesCorrecciones,
      correccionDe.map((c) => ({
        IdPersona: c.persona,
        IdFichaje: null,
        Estado: 's',
        Fecha: madrid(c.dia, '17:05'),
        Motivo: 'Olvidé fichar la salida al irme',
        PropuestaPor: 't',
        IdProponente: c.persona,
      })),
    );
  }
  const e1 = members.find((m) => m.codigo === 'E001');
  if (e1) await guardarPin(s, e1.personaId, '1234');
}

/** The other demo companies get a holiday, an approved absence and a commission rule of their own. */
async function seedPersonalBasico(db: Db, codigo: string, hoy: string): Promise<void> {
  const s = await empresaDemo(db, codigo);
  const festivosT = tableOf('festivos');
  const ausenciasT = tableOf('ausencias');
  const reglasT = tableOf('reglascomision');
  if (!s || !festivosT || !ausenciasT || !reglasT) return;
  const year = hoy.slice(0, 4);
  await s.insert(festivosT, [
    { Fecha: `${year}-10-12`, Descripcion: 'Fiesta Nacional de España', IdCentro: null },
    { Fecha: `${year}-12-25`, Descripcion: 'Natividad del Señor', IdCentro: null },
  ]);
  const [emp] = (await s.pick({ Id: col(empleadosTable, 'Id') }, empleadosTable).limit(1)) as { Id: number }[];
  const [sit] = (await s.pick({ Id: col(sitlaboralTable, 'Id') }, sitlaboralTable).limit(1)) as { Id: number }[];
  if (emp && sit) {
    await s.insert(ausenciasT, {
      IdEmpleado: emp.Id,
      IdSitLaboral: sit.Id,
      Desde: diaMas(hoy, -40),
      Hasta: diaMas(hoy, -36),
      Estado: 'aprobada',
      Motivo: 'Vacaciones',
    });
  }
  const [com] = (await s.pick({ Id: col(comercialesTable, 'Id') }, comercialesTable).limit(1)) as { Id: number }[];
  if (com) {
    await s.insert(reglasT, reglaGeneral(com.Id));
  }
}
