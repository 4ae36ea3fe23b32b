import { enumOptions } from '../fields/enumOptions.ts';
import { dateRange } from '../validation/entityRules.ts';
import { defineEntity } from './defineEntity.ts';

/** Employment contract kinds after the 2021 labour reform (RDL 32/2021). */
export const TIPOS_CONTRATO = enumOptions({
  indefinido: 'Indefinido',
  fijodiscontinuo: 'Fijo discontinuo',
  temporal: 'Temporal por circunstancias de la producción',
  sustitucion: 'Sustitución',
  formacion: 'Formación en alternancia',
  practicas: 'Formativo para la obtención de práctica profesional',
  relevo: 'Relevo',
});

/**
 * Contracts (spec section 3: type, centre, description), each linked to its employee: kind from the
 * catalogue, dates, weekly hours and working pattern (the time clock's planned schedule), trial period and salary
 * for reference.
 */
export const contratos = defineEntity({
  name: 'contratos',
  area: 'configuracion',
  label: 'Contrato',
  labelPlural: 'Contratos',
  gender: 'm',
  permission: 'PersEmple',
  nav: { area: 'personal' },
  defaultOrder: 'Descripcion',
  titleField: 'Descripcion',
  sections: ['Contrato', 'Jornada', 'Retribución'],
  rules: [dateRange('FechaInicio', 'FechaFin')],
  fields: {
    IdEmpleado: {
      kind: 'reference',
      label: 'Empleado',
      ref: 'empleados',
      list: true,
      filter: true,
      section: 'Contrato',
    },
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_CONTRATO, required: true, list: true, filter: true },
    IdCentro: { kind: 'reference', label: 'Centro', ref: 'centros', list: true, filter: true },
    Descripcion: {
      kind: 'text',
      label: 'Descripción',
      required: true,
      maxLength: 150,
      list: true,
      search: true,
      sortable: true,
      section: 'Contrato',
    },
    JornadaSemanal: {
      kind: 'decimal',
      label: 'Horas semanales',
      scale: 2,
      min: 0,
      max: 60,
      list: true,
      section: 'Jornada',
    },
    FechaInicio: {
      kind: 'date',
      label: 'Fecha de inicio',
      list: true,
      filter: true,
      sortable: true,
      section: 'Contrato',
    },
    FechaFin: { kind: 'date', label: 'Fecha de fin', list: true, filter: true, section: 'Contrato' },
    PeriodoPrueba: { kind: 'integer', label: 'Periodo de prueba (días)', min: 0, max: 365, section: 'Contrato' },
    DiasSemana: {
      kind: 'code',
      label: 'Días laborables',
      maxLength: 7,
      help: 'Letras de los días: L M X J V S D (por ejemplo LMXJV)',
      section: 'Jornada',
    },
    HoraEntrada: {
      kind: 'text',
      label: 'Hora de entrada',
      maxLength: 5,
      pattern: 'hora',
      help: 'HH:MM',
      section: 'Jornada',
    },
    HoraSalida: {
      kind: 'text',
      label: 'Hora de salida',
      maxLength: 5,
      pattern: 'hora',
      help: 'HH:MM',
      section: 'Jornada',
    },
    Turno: { kind: 'text', label: 'Turno', maxLength: 60, section: 'Jornada' },
    LimiteExtraMes: {
      kind: 'minutes',
      label: 'Límite de horas extra al mes',
      min: 0,
      help: 'Aviso en el control horario al superarlo',
      section: 'Jornada',
    },
    SalarioBruto: { kind: 'money', label: 'Salario bruto anual', min: 0, section: 'Retribución' },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true, section: 'Contrato' },
  },
});
