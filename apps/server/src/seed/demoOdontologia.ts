import { datosInicialesEmpresa } from '../modules/configuracion/datosIniciales.ts';
import { guardarCita } from '../modules/odontologia/citas.ts';
import {
  cambiarMarca,
  guardarHistoria,
  nuevaEntrada,
  nuevaMarca,
  nuevoConsentimiento,
} from '../modules/odontologia/clinica.ts';
import { aceptarPlan, crearPlan, nuevoTratamiento } from '../modules/odontologia/planes.ts';
import type { Db } from '../platform/db/database.ts';
import { diaMas } from '../platform/fechas.ts';
import { clientesTable, empleadosTable, sillonesTable } from '../platform/tenancy/tables.ts';
import { empresaDemo } from './empresaDemo.ts';

/**
 * The dental practice of the demo (company DENTAL, owner 'dental' who is dentist D1): two dentists, two
 * chairs, a treatments catalogue (health care exempt E1, whitening at 21 %), four patients with their clinical
 * history and consents, treatment plans (one accepted and half done), appointments this week and odontograms.
 * Everything goes through the area's services, so the rules (clashes, plans as quotes) hold for the demo too.
 */
export async function seedDemoOdontologia(db: Db, hoy: string): Promise<void> {
  const s = await empresaDemo(db, 'DENTAL', 'DEMO');
  if (!s) return;
  await datosInicialesEmpresa(s, { tributacion: 'peninsula', tipoCuenta: 'odontologia' });
  const [d1, d2] = await s
    .insert(empleadosTable, [
      { Codigo: 'D1', Nombre: 'Laura', Apellido1: 'Vidal', NIF: '50123456Q', Email: 'dental@faro.local' },
      { Codigo: 'D2', Nombre: 'Marcos', Apellido1: 'Ibáñez', NIF: '71234567W', Email: 'marcos@sonrisa.example' },
    ] as never)
    .returning({ Id: empleadosTable.Id });
  const [s1, s2] = await s
    .insert(sillonesTable, [
      { Nombre: 'Sillón 1', Gabinete: 'Gabinete A' },
      { Nombre: 'Sillón 2', Gabinete: 'Gabinete B' },
    ] as never)
    .returning({ Id: sillonesTable.Id });
  const trat: Record<string, number> = {};
  for (const [clave, Descripcion, PrecioVenta, Estetico] of [
    ['revision', 'Revisión y diagnóstico', 40, false],
    ['limpieza', 'Limpieza bucal (tartrectomía)', 60, false],
    ['empaste', 'Obturación (empaste) de composite', 65, false],
    ['endodoncia', 'Endodoncia multirradicular', 280, false],
    ['extraccion', 'Extracción simple', 70, false],
    ['implante', 'Implante osteointegrado con corona', 1100, false],
    ['sellador', 'Sellador de fisuras', 30, false],
    ['blanqueamiento', 'Blanqueamiento dental (estético)', 300, true],
  ] as const) {
    trat[clave] = (await nuevoTratamiento(s, { Descripcion, PrecioVenta, Estetico })).Id;
  }
  const pacientes = await s
    .insert(clientesTable, [
      {
        Codigo: 'P0001',
        Nombre: 'Ana Martín Ruiz',
        NIF: '30987654F',
        Telefono: '600111222',
        Email: 'ana@correo.example',
      },
      { Codigo: 'P0002', Nombre: 'Javier Soler Gil', NIF: '45678123P', Telefono: '600333444' },
      { Codigo: 'P0003', Nombre: 'Lucía Romero Vega', NIF: '12398745C', Telefono: '600555666' },
      { Codigo: 'P0004', Nombre: 'Pablo Romero Vega (menor)', Telefono: '600555666' },
    ] as never)
    .returning({ Id: clientesTable.Id });
  const [ana, javier, lucia, pablo] = pacientes.map((p) => Number(p.Id)) as [number, number, number, number];
  const D1 = Number(d1!.Id);
  const D2 = Number(d2!.Id);

  await guardarHistoria(s, ana, {
    Alergias: 'Penicilina',
    Enfermedades: 'Hipertensión controlada',
    Medicacion: 'Enalapril 10 mg',
    Notas: 'Prefiere citas por la mañana',
  });
  await nuevaEntrada(s, ana, {
    Fecha: diaMas(hoy, -30),
    Texto: 'Revisión: caries en 16 y 26; se propone plan.',
    IdDentista: D1,
  });
  await nuevoConsentimiento(s, ana, { Tipo: 'datos', Fecha: diaMas(hoy, -30), Observaciones: 'Firmado en recepción' });
  await nuevoConsentimiento(s, ana, { Tipo: 'endodoncia', Fecha: diaMas(hoy, -20) });
  await guardarHistoria(s, javier, {
    Alergias: '',
    Enfermedades: 'Diabetes tipo 2',
    Medicacion: 'Metformina',
    Notas: '',
  });
  await nuevaEntrada(s, javier, { Fecha: diaMas(hoy, -10), Texto: 'Pérdida de 36; valorar implante.', IdDentista: D2 });
  await nuevoConsentimiento(s, javier, { Tipo: 'cirugia', Fecha: diaMas(hoy, -10) });
  await guardarHistoria(s, lucia, { Alergias: 'Látex', Enfermedades: '', Medicacion: '', Notas: 'Madre de Pablo' });
  await guardarHistoria(s, pablo, { Alergias: '', Enfermedades: '', Medicacion: '', Notas: 'Dentición temporal' });
  await nuevoConsentimiento(s, pablo, {
    Tipo: 'general',
    Fecha: diaMas(hoy, -5),
    Observaciones: 'Firmado por su madre',
  });

  // Odontograms: what was found and done before the plans.
  const marcas: Array<[number, Parameters<typeof nuevaMarca>[2]]> = [
    [
      ana,
      {
        Pieza: 47,
        Caras: 'O',
        IdProducto: trat.empaste,
        Descripcion: 'Empaste antiguo',
        Estado: 'realizado',
        Fecha: diaMas(hoy, -400),
        IdDentista: D1,
      },
    ],
    [
      javier,
      {
        Pieza: 36,
        Caras: '',
        IdProducto: trat.extraccion,
        Descripcion: 'Extracción',
        Estado: 'realizado',
        Fecha: diaMas(hoy, -200),
        IdDentista: D2,
      },
    ],
    [
      pablo,
      {
        Pieza: 54,
        Caras: 'O',
        IdProducto: trat.sellador,
        Descripcion: 'Sellador de fisuras',
        Estado: 'planificado',
        IdDentista: D1,
      },
    ],
  ];
  for (const [paciente, marca] of marcas) await nuevaMarca(s, paciente, marca);

  // Plans: Ana's accepted and half done; Javier's implant pending his answer.
  const planAna = await crearPlan(s, {
    IdCliente: ana,
    Fecha: diaMas(hoy, -30),
    IdDentista: D1,
    Lineas: [
      { IdProducto: trat.empaste!, Pieza: 16, Caras: 'MO', Cantidad: 1 },
      { IdProducto: trat.endodoncia!, Pieza: 26, Caras: '', Cantidad: 1 },
      { IdProducto: trat.limpieza!, Cantidad: 1 },
    ],
  });
  await aceptarPlan(s, planAna.Id, diaMas(hoy, -28));
  await cambiarMarca(s, planAna.Tratamientos[0]!.Id, { Estado: 'realizado', Fecha: diaMas(hoy, -20), IdDentista: D1 });
  await crearPlan(s, {
    IdCliente: javier,
    Fecha: diaMas(hoy, -10),
    IdDentista: D2,
    Lineas: [{ IdProducto: trat.implante!, Pieza: 36, Caras: '', Cantidad: 1 }],
  });

  // Appointments: this week, both dentists and both chairs.
  const cita = (
    IdCliente: number,
    IdDentista: number,
    IdSillon: number,
    dias: number,
    Hora: string,
    Minutos: number,
    Motivo: string,
  ) =>
    guardarCita(
      s,
      { IdCliente, IdDentista, IdSillon, Fecha: diaMas(hoy, dias), Hora, Minutos, Motivo, Estado: 'programada' },
      null,
    );
  const S1 = Number(s1!.Id);
  const S2 = Number(s2!.Id);
  await cita(ana, D1, S1, 0, '09:30', 60, 'Endodoncia 26');
  await cita(javier, D2, S2, 0, '10:00', 30, 'Valoración implante');
  await cita(lucia, D1, S1, 1, '11:00', 30, 'Revisión');
  await cita(pablo, D1, S2, 1, '12:00', 30, 'Sellador 54');
  await cita(ana, D1, S1, 7, '09:30', 45, 'Limpieza');
}
