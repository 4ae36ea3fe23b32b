import { BAJA, NOMBRE } from '../entities/commonFields.ts';
import { defineCatalogue, defineEntity, type EntityRule } from '../entities/defineEntity.ts';
import { enumOptions } from '../fields/enumOptions.ts';
import { ACADEMY_TYPES } from '../navigation/areas.ts';
import { esMenor, MSG_ACADEMIA } from './reglas.ts';

/** Academy lists of the spec (section 3 and 9). */
export const TIPOS_CLASE = enumOptions({
  presencial: 'Presencial',
  online: 'Online',
  semipresencial: 'Semipresencial',
  practica: 'Práctica',
});
export const CALCULOS_EVALUACION = enumOptions({
  media: 'Media ponderada',
  suma: 'Suma',
  manual: 'Manual',
  plantilla: 'Plantilla de criterios',
});
export const MODOS_CARGO = enumOptions({ mensual: 'Mensual', manual: 'Manual', personalizado: 'Personalizado' });
export const GENEROS = enumOptions({ hombre: 'Hombre', mujer: 'Mujer' });
export const TIPOS_TUTOR = enumOptions({ padre: 'Padre', madre: 'Madre', tutor: 'Tutor' });
export const NIVELES_ESTUDIOS = enumOptions({
  ninguno: 'Sin estudios',
  eso: 'ESO',
  bachillerato: 'Bachillerato',
  grado_medio: 'Grado medio',
  grado_superior: 'Grado superior',
});
export const TIPOS_TARIFA_CURSO = enumOptions({ mensual: 'Mensual', curso: 'Por curso', matricula: 'Matrícula' });
export const ESTADOS_ALUMNO = enumOptions({ activo: 'Activo', baja: 'Baja' });
export const ESTADOS_MATRICULA_ONLINE = enumOptions({
  pendiente: 'Pendiente',
  aceptada: 'Aceptada',
  rechazada: 'Rechazada',
});

const aca = (area: 'formacion' | 'contactos' | 'personal', title?: string) => ({
  area,
  accountTypes: ACADEMY_TYPES,
  ...(title ? { title } : {}),
});

export const aulas = defineCatalogue({
  name: 'aulas',
  area: 'formacion',
  label: 'Aula',
  labelPlural: 'Aulas',
  gender: 'f',
  permission: 'CursoHorario',
  nav: aca('formacion'),
  fields: {
    Capacidad: { kind: 'integer', label: 'Capacidad', required: true, min: 1, max: 10000, list: true },
    Observaciones: { kind: 'text', label: 'Observaciones', maxLength: 2000 },
  },
});

export const opciones = defineCatalogue({
  name: 'opciones',
  area: 'formacion',
  label: 'Opción',
  labelPlural: 'Opciones',
  gender: 'f',
  permission: 'AlumnoCargosCobros',
  nav: aca('formacion'),
  fields: {
    Precio: { kind: 'money', label: 'Precio', required: true, min: 0, list: true },
    TipoIva: {
      kind: 'code',
      label: 'Tipo de IVA',
      required: true,
      maxLength: 20,
      list: true,
      help: 'Código del tipo de IVA: EXENTO para la enseñanza (art. 20.1.9º LIVA), IVA21 para material',
    },
  },
});

export const profesores = defineCatalogue({
  name: 'profesores',
  area: 'formacion',
  label: 'Profesor',
  labelPlural: 'Profesores',
  gender: 'm',
  permission: 'PersProfe',
  nav: aca('personal'),
  fields: {
    Apellidos: { kind: 'text', label: 'Apellidos', maxLength: 150, list: true, search: true, sortable: true },
    NIF: { kind: 'taxId', label: 'DNI/NIE', maxLength: 20, list: true, search: true },
    Email: {
      kind: 'email',
      label: 'Email',
      maxLength: 120,
      list: true,
      help: 'El usuario con rol profesor que entra con este email ve su horario y sus alumnos',
    },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20, list: true },
    Materias: { kind: 'text', label: 'Materias', maxLength: 500, list: true, search: true },
    Disponibilidad: { kind: 'text', label: 'Disponibilidad', maxLength: 1000 },
  },
});

export const cursos = defineCatalogue({
  name: 'cursos',
  area: 'formacion',
  label: 'Curso',
  labelPlural: 'Cursos',
  gender: 'm',
  permission: 'CursoCursos',
  nav: aca('formacion'),
  rules: [
    (v) =>
      v.FechaInicio && v.FechaFin && String(v.FechaFin) < String(v.FechaInicio)
        ? [{ Campo: 'FechaFin', Mensaje: MSG_ACADEMIA.finAntesInicio }]
        : [],
  ],
  fields: {
    TipoClase: {
      kind: 'enum',
      label: 'Tipo de clase',
      options: TIPOS_CLASE,
      required: true,
      list: true,
      filter: true,
    },
    Horas: { kind: 'decimal', label: 'Horas', scale: 2, min: 0, max: 10000, list: true },
    FechaInicio: { kind: 'date', label: 'Fecha de inicio', list: true, sortable: true },
    FechaFin: { kind: 'date', label: 'Fecha de fin', list: true },
    Capacidad: { kind: 'integer', label: 'Plazas', min: 1, max: 10000, list: true },
    IdProfesor: { kind: 'reference', label: 'Profesor', ref: 'profesores', list: true, filter: true },
    IdAula: { kind: 'reference', label: 'Aula', ref: 'aulas', list: true },
    CuotaMensual: { kind: 'money', label: 'Cuota mensual', min: 0, list: true },
    TipoIva: { kind: 'code', label: 'Tipo de IVA', maxLength: 20, help: 'EXENTO (art. 20.1.9º LIVA) por defecto' },
    CalculoEvaluacion: { kind: 'enum', label: 'Cálculo de la evaluación', options: CALCULOS_EVALUACION },
    PublicarOnline: { kind: 'boolean', label: 'Admite matrícula online', list: true },
    Descripcion: { kind: 'text', label: 'Descripción', maxLength: 4000 },
  },
});

export const tarifascurso = defineEntity({
  name: 'tarifascurso',
  area: 'formacion',
  label: 'Tarifa de curso',
  labelPlural: 'Tarifas de cursos',
  gender: 'f',
  permission: 'CataTarifa',
  nav: aca('formacion'),
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  fields: {
    Nombre: NOMBRE,
    IdCurso: { kind: 'reference', label: 'Curso', ref: 'cursos', required: true, list: true, filter: true },
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_TARIFA_CURSO, required: true, list: true, filter: true },
    Importe: { kind: 'money', label: 'Importe', required: true, min: 0, list: true },
    DescuentoHermanos: { kind: 'percent', label: 'Descuento por hermanos', min: 0, max: 100, list: true },
    DescuentoVariosCursos: { kind: 'percent', label: 'Descuento por varios cursos', min: 0, max: 100 },
    Baja: BAJA,
  },
});

export const tutores = defineEntity({
  name: 'tutores',
  area: 'formacion',
  label: 'Tutor',
  labelPlural: 'Tutores',
  gender: 'm',
  permission: 'ConClientes',
  nav: aca('contactos'),
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  fields: {
    Nombre: NOMBRE,
    Apellidos: { kind: 'text', label: 'Apellidos', maxLength: 150, list: true, search: true, sortable: true },
    Tipo: { kind: 'enum', label: 'Parentesco', options: TIPOS_TUTOR, required: true, list: true, filter: true },
    NIF: { kind: 'taxId', label: 'DNI/NIE', maxLength: 20, list: true, search: true },
    Email: { kind: 'email', label: 'Email', maxLength: 120, list: true },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20, list: true },
    Direccion: { kind: 'text', label: 'Dirección', maxLength: 300 },
    IBAN: { kind: 'iban', label: 'IBAN', maxLength: 34 },
    AccesoPortal: { kind: 'boolean', label: 'Acceso al portal', list: true },
    IdPersona: { kind: 'integer', label: 'Usuario del portal', readOnly: true },
    IdCliente: { kind: 'reference', label: 'Cliente de facturación', ref: 'clientes', readOnly: true },
    Baja: BAJA,
  },
});

const nifObligatorioAdulto: EntityRule = (v) =>
  v.FechaNacimiento && !esMenor(String(v.FechaNacimiento)) && v.PagaTutor !== true && !v.NIF
    ? [{ Campo: 'NIF', Mensaje: MSG_ACADEMIA.nifAdulto }]
    : [];
const tutorDeMenor: EntityRule = (v) =>
  v.FechaNacimiento && esMenor(String(v.FechaNacimiento)) && !v.IdTutor
    ? [{ Campo: 'IdTutor', Mensaje: MSG_ACADEMIA.menorSinTutor }]
    : [];
const pagaTutor: EntityRule = (v) =>
  v.PagaTutor === true && !v.IdTutor ? [{ Campo: 'IdTutor', Mensaje: MSG_ACADEMIA.pagadorSinTutor }] : [];

/** The student file (route `matriculas`, menu 'Alumnos'): one row per student and enrolment. */
export const alumnos = defineEntity({
  name: 'alumnos',
  action: 'matriculas',
  area: 'formacion',
  label: 'Alumno',
  labelPlural: 'Alumnos',
  gender: 'm',
  permission: 'AlumnoMatriculas',
  nav: aca('formacion'),
  defaultOrder: 'Apellidos',
  titleField: 'Nombre',
  sections: ['Alumno', 'Familia y pago', 'Salud y consentimientos', 'Estado'],
  rules: [nifObligatorioAdulto, tutorDeMenor, pagaTutor],
  fields: {
    CodMatricula: {
      kind: 'code',
      label: 'Código de matrícula',
      maxLength: 20,
      list: true,
      search: true,
      sortable: true,
      unique: true,
      section: 'Alumno',
      help: 'Se asigna con el contador de la empresa si lo dejas vacío',
    },
    CodAlumno: {
      kind: 'code',
      label: 'Código de alumno',
      maxLength: 20,
      list: true,
      search: true,
      sortable: true,
      section: 'Alumno',
    },
    Nombre: { ...NOMBRE, section: 'Alumno' },
    Apellidos: {
      kind: 'text',
      label: 'Apellidos',
      required: true,
      maxLength: 150,
      list: true,
      search: true,
      sortable: true,
      section: 'Alumno',
    },
    NIF: { kind: 'taxId', label: 'DNI/NIE', maxLength: 20, list: true, search: true, section: 'Alumno' },
    FechaNacimiento: { kind: 'date', label: 'Fecha de nacimiento', list: true, section: 'Alumno' },
    Genero: { kind: 'enum', label: 'Género', options: GENEROS, section: 'Alumno' },
    NivelEstudios: { kind: 'enum', label: 'Nivel de estudios', options: NIVELES_ESTUDIOS, section: 'Alumno' },
    Email: { kind: 'email', label: 'Email', maxLength: 120, section: 'Alumno' },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20, list: true, section: 'Alumno' },
    Direccion: { kind: 'text', label: 'Dirección', maxLength: 300, section: 'Alumno' },
    Foto: { kind: 'text', label: 'Foto (clave del fichero)', maxLength: 200, section: 'Alumno' },
    IdTutor: { kind: 'reference', label: 'Tutor', ref: 'tutores', list: true, section: 'Familia y pago' },
    IdTutor2: { kind: 'reference', label: 'Segundo tutor', ref: 'tutores', section: 'Familia y pago' },
    PagaTutor: { kind: 'boolean', label: 'Paga el tutor', section: 'Familia y pago' },
    IBAN: { kind: 'iban', label: 'IBAN del pagador', maxLength: 34, section: 'Familia y pago' },
    FechaMandato: { kind: 'date', label: 'Fecha del mandato SEPA', section: 'Familia y pago' },
    IdCliente: {
      kind: 'reference',
      label: 'Cliente de facturación',
      ref: 'clientes',
      readOnly: true,
      section: 'Familia y pago',
    },
    NotasMedicas: { kind: 'text', label: 'Notas médicas', maxLength: 2000, section: 'Salud y consentimientos' },
    ConsentimientoRGPD: {
      kind: 'boolean',
      label: 'Consiente el tratamiento de datos (RGPD)',
      section: 'Salud y consentimientos',
    },
    ConsentimientoImagen: {
      kind: 'boolean',
      label: 'Consiente el uso de su imagen',
      section: 'Salud y consentimientos',
    },
    Estado: {
      kind: 'enum',
      label: 'Estado',
      options: ESTADOS_ALUMNO,
      required: true,
      list: true,
      filter: true,
      section: 'Estado',
    },
    FechaAlta: { kind: 'date', label: 'Fecha de alta', list: true, sortable: true, section: 'Estado' },
    FechaBaja: { kind: 'date', label: 'Fecha de baja', section: 'Estado' },
    IdPersona: { kind: 'integer', label: 'Usuario del portal', readOnly: true, section: 'Estado' },
    Baja: { ...BAJA, section: 'Estado' },
  },
});

export const autorizados = defineEntity({
  name: 'autorizados',
  area: 'formacion',
  label: 'Autorizado',
  labelPlural: 'Autorizados',
  gender: 'm',
  permission: 'ConClientes',
  nav: aca('contactos'),
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  fields: {
    IdAlumno: { kind: 'reference', label: 'Alumno', ref: 'alumnos', required: true, list: true, filter: true },
    Nombre: NOMBRE,
    NIF: { kind: 'taxId', label: 'DNI/NIE', maxLength: 20, list: true, search: true },
    Parentesco: { kind: 'text', label: 'Parentesco', maxLength: 60, list: true },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20, list: true },
    Baja: BAJA,
  },
});

/** Courses and groups a student attends: the monthly charge is generated for every active row. */
export const cursando = defineEntity({
  name: 'cursando',
  area: 'formacion',
  label: 'Curso del alumno',
  labelPlural: 'Cursando',
  gender: 'm',
  permission: 'AlumnoMatriculas',
  nav: aca('formacion'),
  defaultOrder: 'FechaAlta',
  titleField: 'Grupo',
  rules: [
    (v) =>
      v.FechaAlta && v.FechaBaja && String(v.FechaBaja) < String(v.FechaAlta)
        ? [{ Campo: 'FechaBaja', Mensaje: MSG_ACADEMIA.finAntesInicio }]
        : [],
  ],
  fields: {
    IdAlumno: { kind: 'reference', label: 'Alumno', ref: 'alumnos', required: true, list: true, filter: true },
    IdCurso: { kind: 'reference', label: 'Curso', ref: 'cursos', required: true, list: true, filter: true },
    Grupo: { kind: 'text', label: 'Grupo', maxLength: 60, list: true, search: true },
    IdTarifa: { kind: 'reference', label: 'Tarifa', ref: 'tarifascurso', list: true },
    Cuota: {
      kind: 'money',
      label: 'Cuota mensual',
      min: 0,
      list: true,
      help: 'Si la dejas vacía se cobra la de la tarifa o la del curso',
    },
    Prorratear: { kind: 'boolean', label: 'Prorratear el primer mes' },
    FechaAlta: { kind: 'date', label: 'Fecha de alta', required: true, list: true, sortable: true },
    FechaBaja: { kind: 'date', label: 'Fecha de baja', list: true },
    Baja: BAJA,
  },
});

export const matriculasonline = defineEntity({
  name: 'matriculasonline',
  area: 'formacion',
  label: 'Matrícula online',
  labelPlural: 'Matrículas online',
  gender: 'f',
  permission: 'AlumnoMatriculas',
  nav: aca('formacion'),
  defaultOrder: 'Fecha',
  titleField: 'Nombre',
  fields: {
    Fecha: { kind: 'date', label: 'Fecha', readOnly: true, list: true, sortable: true },
    Nombre: NOMBRE,
    Apellidos: { kind: 'text', label: 'Apellidos', required: true, maxLength: 150, list: true, search: true },
    NIF: { kind: 'taxId', label: 'DNI/NIE', maxLength: 20, list: true },
    FechaNacimiento: { kind: 'date', label: 'Fecha de nacimiento' },
    Email: { kind: 'email', label: 'Email', required: true, maxLength: 120, list: true },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20 },
    IdCurso: { kind: 'reference', label: 'Curso', ref: 'cursos', required: true, list: true, filter: true },
    NombreTutor: { kind: 'text', label: 'Nombre del tutor', maxLength: 150 },
    EmailTutor: { kind: 'email', label: 'Email del tutor', maxLength: 120 },
    TelefonoTutor: { kind: 'phone', label: 'Teléfono del tutor', maxLength: 20 },
    IBAN: { kind: 'iban', label: 'IBAN', maxLength: 34 },
    Estado: {
      kind: 'enum',
      label: 'Estado',
      options: ESTADOS_MATRICULA_ONLINE,
      readOnly: true,
      list: true,
      filter: true,
    },
    Mensaje: { kind: 'text', label: 'Mensaje al solicitante', maxLength: 2000 },
    IdAlumno: { kind: 'reference', label: 'Alumno creado', ref: 'alumnos', readOnly: true },
  },
});

/** A charge to a student: monthly fee, a manual extra or a personal plan. Invoiced through `factcobros`. */
export const cargos = defineEntity({
  name: 'cargos',
  area: 'formacion',
  label: 'Cargo',
  labelPlural: 'Cargos',
  gender: 'm',
  permission: 'AlumnoCargosCobros',
  nav: aca('formacion'),
  defaultOrder: 'Fecha',
  titleField: 'Concepto',
  fields: {
    IdAlumno: { kind: 'reference', label: 'Alumno', ref: 'alumnos', required: true, list: true, filter: true },
    Fecha: { kind: 'date', label: 'Fecha', required: true, list: true, sortable: true, filter: true },
    Modo: { kind: 'enum', label: 'Modo', options: MODOS_CARGO, required: true, list: true, filter: true },
    Concepto: { kind: 'text', label: 'Concepto', required: true, maxLength: 300, list: true, search: true },
    IdOpcion: { kind: 'reference', label: 'Opción', ref: 'opciones' },
    Importe: { kind: 'money', label: 'Importe', required: true, list: true },
    TipoIva: { kind: 'code', label: 'Tipo de IVA', required: true, maxLength: 20, list: true },
    Periodo: { kind: 'text', label: 'Periodo', maxLength: 7, readOnly: true, list: true, filter: true },
    IdCursando: { kind: 'reference', label: 'Curso del alumno', ref: 'cursando', readOnly: true },
    IdFactura: { kind: 'integer', label: 'Factura', readOnly: true, list: true },
  },
});

/** Evaluation items of a course (weights for the weighted mean). */
export const evaluaciones = defineEntity({
  name: 'evaluaciones',
  area: 'formacion',
  label: 'Elemento de evaluación',
  labelPlural: 'Elementos de evaluación',
  gender: 'm',
  permission: 'CursoCursos',
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  fields: {
    IdCurso: { kind: 'reference', label: 'Curso', ref: 'cursos', required: true, list: true, filter: true },
    Trimestre: { kind: 'integer', label: 'Evaluación (trimestre)', required: true, min: 1, max: 4, list: true },
    Nombre: NOMBRE,
    Peso: { kind: 'decimal', label: 'Peso', scale: 2, min: 0, max: 100, required: true, list: true },
  },
});

export const diascierre = defineEntity({
  name: 'diascierre',
  area: 'formacion',
  label: 'Día de cierre',
  labelPlural: 'Días de cierre',
  gender: 'm',
  permission: 'CursoHorario',
  defaultOrder: 'Fecha',
  titleField: 'Descripcion',
  fields: {
    Fecha: { kind: 'date', label: 'Fecha', required: true, list: true, sortable: true, unique: true },
    Descripcion: { kind: 'text', label: 'Descripción', required: true, maxLength: 150, list: true },
  },
});

/** One weekly session of a course/group: day, hours, teacher and room (clashes refused on save). */
export const horarios = defineEntity({
  name: 'horarios',
  area: 'formacion',
  label: 'Sesión',
  labelPlural: 'Sesiones',
  gender: 'f',
  permission: 'CursoHorario',
  defaultOrder: 'DiaSemana',
  titleField: 'Grupo',
  fields: {
    IdCurso: { kind: 'reference', label: 'Curso', ref: 'cursos', required: true, list: true, filter: true },
    Grupo: { kind: 'text', label: 'Grupo', maxLength: 60, list: true },
    DiaSemana: {
      kind: 'enum',
      label: 'Día',
      required: true,
      list: true,
      filter: true,
      options: [
        { value: '1', label: 'Lunes' },
        { value: '2', label: 'Martes' },
        { value: '3', label: 'Miércoles' },
        { value: '4', label: 'Jueves' },
        { value: '5', label: 'Viernes' },
        { value: '6', label: 'Sábado' },
        { value: '7', label: 'Domingo' },
      ],
    },
    HoraInicio: { kind: 'text', label: 'Hora de inicio', required: true, maxLength: 5, list: true },
    HoraFin: { kind: 'text', label: 'Hora de fin', required: true, maxLength: 5, list: true },
    IdProfesor: { kind: 'reference', label: 'Profesor', ref: 'profesores', list: true, filter: true },
    IdAula: { kind: 'reference', label: 'Aula', ref: 'aulas', list: true, filter: true },
  },
});
