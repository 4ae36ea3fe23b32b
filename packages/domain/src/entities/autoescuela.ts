import { DRIVING_SCHOOL_TYPES } from '../navigation/areas.ts';
import { BAJA, CODIGO, OBSERVACIONES } from './commonFields.ts';
import { defineCatalogue, defineEntity } from './defineEntity.ts';

/*
 * The driving school's simple entities (first pass): list and form screens from the entity engine only
 * (docs/ARCHITECTURE.md, "Adding a simple entity"). `clases` and `imprexamenes` need bespoke screens and are not here.
 */

const nav = (title?: string) => ({
  area: 'autoescuela' as const,
  accountTypes: DRIVING_SCHOOL_TYPES,
  ...(title ? { title } : {}),
});
const opts = (pairs: readonly (readonly [string, string])[]) => pairs.map(([value, label]) => ({ value, label }));

/**
 * Permit classes (RD 818/2009 art. 4) and the other courses a school sells (CAP, ADR, A2→A, RPV: the partial
 * recovery of points).
 */
export const CLASES_PERMISO = opts(
  [
    'AM',
    'A1',
    'A2',
    'A',
    'B',
    'B+E',
    'C1',
    'C1+E',
    'C',
    'C+E',
    'D1',
    'D1+E',
    'D',
    'D+E',
    'CAP',
    'ADR',
    'A2-A',
    'RPV',
  ].map((c) => [c, c === 'A2-A' ? 'A2 → A' : c] as const),
);
export const TIPOS_EXAMEN = opts([
  ['teorico', 'Teórico'],
  ['destreza', 'Práctico de destreza (circuito cerrado)'],
  ['circulacion', 'Práctico de circulación'],
]);
/** Exam results (spec section 3). */
export const RESULTADOS_EXAMEN = opts([
  ['APTO', 'APTO'],
  ['NO APTO', 'NO APTO'],
  ['NO PRESENTADO', 'NO PRESENTADO'],
  ['APLAZADO', 'APLAZADO'],
]);
/** Exam attendance (spec section 4). */
export const ASISTENCIAS_EXAMEN = opts([
  ['r', 'Recibido'],
  ['j', 'Falta justificada'],
  ['f', 'Falta no justificada'],
  ['e', 'Reservado'],
  ['c', 'Confirmado'],
  ['a', 'Anulado'],
]);
/** Consumption of a fee (spec section 4). */
export const CONSUMOS_TASA = opts([
  ['s', 'Sin consumir'],
  ['c', 'Consumida'],
]);
const permiso = {
  kind: 'enum',
  label: 'Permiso',
  options: CLASES_PERMISO,
  list: true,
  filter: true,
  sortable: true,
} as const;
const alumno = { kind: 'reference', label: 'Alumno', ref: 'alumnos', list: true, filter: true } as const;
const fecha = { kind: 'date', label: 'Fecha', required: true, list: true, filter: true, sortable: true } as const;
const jefatura = { kind: 'text', label: 'Jefatura de Tráfico', maxLength: 100, list: true, filter: true } as const;

export const vehiculos = defineEntity({
  name: 'vehiculos',
  area: 'formacion',
  label: 'Vehículo',
  labelPlural: 'Vehículos',
  gender: 'm',
  permission: 'CursoCursos',
  nav: nav(),
  defaultOrder: 'Matricula',
  titleField: 'Matricula',
  fields: {
    Matricula: { ...CODIGO, label: 'Matrícula', maxLength: 15, required: true },
    Marca: { kind: 'text', label: 'Marca', maxLength: 60, list: true, search: true },
    Modelo: { kind: 'text', label: 'Modelo', maxLength: 60, list: true, search: true },
    Permisos: {
      kind: 'text',
      label: 'Permisos',
      maxLength: 60,
      list: true,
      search: true,
      help: 'Clases de permiso que sirve, separadas por comas (B, B+E…)',
    },
    DobleMando: { kind: 'boolean', label: 'Doble mando', list: true, filter: true },
    FechaItv: { kind: 'date', label: 'Próxima ITV', list: true, filter: true, sortable: true },
    FechaSeguro: { kind: 'date', label: 'Vencimiento del seguro', list: true, filter: true, sortable: true },
    Kilometros: { kind: 'integer', label: 'Kilómetros', min: 0, list: true, sortable: true },
    Observaciones: OBSERVACIONES,
    Baja: BAJA,
  },
});

export const instalaadr = defineCatalogue({
  name: 'instalaadr',
  area: 'formacion',
  label: 'Instalación ADR',
  labelPlural: 'Instalaciones ADR',
  gender: 'f',
  permission: 'CursoCursos',
  nav: nav(),
  fields: {
    Direccion: { kind: 'text', label: 'Dirección', maxLength: 200 },
    Localidad: { kind: 'text', label: 'Localidad', maxLength: 100, list: true, filter: true, search: true },
    Plazas: { kind: 'integer', label: 'Plazas', min: 0, list: true },
    Autorizacion: { kind: 'text', label: 'Nº de autorización', maxLength: 40, list: true, search: true },
    FechaCaducidad: { kind: 'date', label: 'Caducidad de la autorización', list: true, sortable: true },
    Observaciones: OBSERVACIONES,
  },
});

export const ejercicios = defineCatalogue({
  name: 'ejercicios',
  area: 'formacion',
  label: 'Ejercicio',
  labelPlural: 'Ejercicios',
  gender: 'm',
  permission: 'CursoCursos',
  nav: nav(),
  fields: {
    Permiso: { ...permiso, required: true },
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_EXAMEN, required: true, list: true, filter: true },
    Descripcion: { kind: 'text', label: 'Descripción', maxLength: 4000 },
  },
});

export const curpermisos = defineCatalogue({
  name: 'curpermisos',
  area: 'formacion',
  label: 'Curso de permiso',
  labelPlural: 'Cursos de permisos',
  gender: 'm',
  permission: 'CursoCursos',
  nav: nav(),
  fields: {
    Permiso: { ...permiso, required: true },
    HorasTeoria: { kind: 'decimal', label: 'Horas de teoría', min: 0, scale: 1, list: true },
    HorasPractica: { kind: 'decimal', label: 'Horas de prácticas', min: 0, scale: 1, list: true },
    ClasesPack: { kind: 'integer', label: 'Clases del pack', min: 0, list: true },
    PrecioPack: { kind: 'money', label: 'Precio del pack', min: 0, list: true },
    PrecioClase: { kind: 'money', label: 'Precio por clase', min: 0 },
    Documentacion: { kind: 'text', label: 'Documentación requerida', maxLength: 4000 },
  },
});

export const tasasdgt = defineEntity({
  name: 'tasasdgt',
  area: 'formacion',
  label: 'Tasa DGT',
  labelPlural: 'Tasas DGT',
  gender: 'f',
  permission: 'ExamTasas',
  nav: nav(),
  defaultOrder: 'Fecha',
  titleField: 'Justificante',
  fields: {
    Tipo: {
      kind: 'enum',
      label: 'Tipo de tasa',
      required: true,
      list: true,
      filter: true,
      options: opts([
        ['permiso', 'Exámenes para obtener el permiso (2 convocatorias)'],
        ['licencia', 'Licencia de conducción (LCC)'],
        ['duplicado', 'Duplicado'],
        ['internacional', 'Permiso internacional'],
      ]),
    },
    CodigoTasa: { kind: 'text', label: 'Código de tasa', maxLength: 10 },
    Anio: {
      kind: 'integer',
      label: 'Año',
      required: true,
      min: 2000,
      max: 2100,
      list: true,
      filter: true,
      sortable: true,
    },
    Importe: { kind: 'money', label: 'Importe', required: true, min: 0, list: true },
    Justificante: { kind: 'code', label: 'Justificante', maxLength: 30, list: true, search: true, unique: true },
    IdAlumno: alumno,
    Consumo: { kind: 'enum', label: 'Consumo', options: CONSUMOS_TASA, required: true, list: true, filter: true },
    Fecha: { ...fecha, label: 'Fecha de compra' },
    IdCargo: { kind: 'integer', label: 'Cargo al alumno', readOnly: true },
  },
});

export const citasaues = defineEntity({
  name: 'citasaues',
  area: 'formacion',
  label: 'Cita AUES',
  labelPlural: 'Citas AUES',
  gender: 'f',
  permission: 'ExamAues',
  nav: nav(),
  defaultOrder: 'Fecha',
  titleField: 'Fecha',
  fields: {
    Fecha: fecha,
    IdAlumno: { ...alumno, required: true },
    TipoExamen: {
      kind: 'enum',
      label: 'Tipo de examen',
      options: TIPOS_EXAMEN,
      required: true,
      list: true,
      filter: true,
    },
    Hora: { kind: 'text', label: 'Hora', maxLength: 5, list: true, help: 'HH:MM, la que asigna la Jefatura' },
    Permiso: permiso,
    JefaturaTrafico: jefatura,
    Estado: {
      kind: 'enum',
      label: 'Estado',
      required: true,
      list: true,
      filter: true,
      options: opts([
        ['solicitada', 'Solicitada'],
        ['concedida', 'Concedida'],
        ['denegada', 'Denegada'],
        ['anulada', 'Anulada'],
      ]),
    },
    Referencia: {
      kind: 'text',
      label: 'Referencia AUES',
      maxLength: 40,
      list: true,
      search: true,
      help: 'La que devuelve el servicio AUES o trae la lista importada',
    },
    Respuesta: { kind: 'text', label: 'Respuesta del servicio', maxLength: 500, readOnly: true },
    Observaciones: OBSERVACIONES,
  },
});

export const calexamenes = defineEntity({
  name: 'calexamenes',
  area: 'formacion',
  label: 'Examen',
  labelPlural: 'Exámenes',
  gender: 'm',
  permission: 'ExamCalendario',
  nav: nav('Calendario de exámenes'),
  defaultOrder: 'Fecha',
  titleField: 'Fecha',
  fields: {
    Fecha: fecha,
    TipoExamen: {
      kind: 'enum',
      label: 'Tipo de examen',
      options: TIPOS_EXAMEN,
      required: true,
      list: true,
      filter: true,
    },
    Permiso: permiso,
    JefaturaTrafico: jefatura,
    IdExaminador: { kind: 'reference', label: 'Examinador', ref: 'examinadores', list: true, filter: true },
    IdAlumno: { ...alumno, required: true },
    IdProfesor: { kind: 'reference', label: 'Profesor', ref: 'profesores', list: true, filter: true },
    Asistencia: {
      kind: 'enum',
      label: 'Asistencia',
      options: ASISTENCIAS_EXAMEN,
      required: true,
      list: true,
      filter: true,
    },
    Confirmado: { kind: 'boolean', label: 'Confirmado', list: true, filter: true },
    Resultado: { kind: 'enum', label: 'Resultado', options: RESULTADOS_EXAMEN, list: true, filter: true },
    Observaciones: OBSERVACIONES,
  },
});

export const confavisos = defineEntity({
  name: 'confavisos',
  area: 'formacion',
  label: 'Aviso',
  labelPlural: 'Avisos',
  gender: 'm',
  permission: 'ConfEmpresa',
  nav: nav('Configuración de avisos'),
  defaultOrder: 'Evento',
  titleField: 'Evento',
  fields: {
    Evento: {
      kind: 'enum',
      label: 'Evento',
      required: true,
      list: true,
      filter: true,
      options: opts([
        ['examen', 'Fecha de examen'],
        ['clase', 'Recordatorio de clase'],
        ['tasa', 'Tasa pendiente de pago'],
      ]),
    },
    Canal: {
      kind: 'enum',
      label: 'Canal',
      required: true,
      list: true,
      filter: true,
      options: opts([
        ['email', 'Email'],
        ['sms', 'SMS'],
      ]),
    },
    DiasAntes: { kind: 'integer', label: 'Días antes', required: true, min: 0, max: 60, list: true },
    Texto: { kind: 'text', label: 'Texto', required: true, maxLength: 1000, list: true, search: true },
    Baja: BAJA,
  },
});

export const confautoescuela = defineEntity({
  name: 'confautoescuela',
  area: 'formacion',
  label: 'Configuración',
  labelPlural: 'Configuraciones',
  gender: 'f',
  permission: 'ConfEmpresa',
  nav: nav('Configuración de la autoescuela'),
  defaultOrder: 'JefaturaTrafico',
  titleField: 'JefaturaTrafico',
  fields: {
    JefaturaTrafico: { ...jefatura, required: true, search: true, sortable: true },
    MinutosClase: { kind: 'integer', label: 'Minutos por clase', required: true, min: 15, max: 240, list: true },
    ReglaNoPresentado: {
      kind: 'enum',
      label: 'Clase no avisada',
      required: true,
      list: true,
      options: opts([
        ['cobrar', 'Se cobra la clase'],
        ['cobrarsinaviso', 'Se cobra si no se avisa con antelación'],
        ['nocobrar', 'No se cobra'],
      ]),
    },
    HorasAviso: { kind: 'integer', label: 'Horas de antelación para anular', min: 0, max: 168, list: true },
    MinimoClases: {
      kind: 'integer',
      label: 'Clases prácticas mínimas para examen',
      min: 0,
      max: 200,
      list: true,
      help: 'La planificación del cupo de examen solo propone a quien haya hecho al menos estas clases',
    },
  },
});
