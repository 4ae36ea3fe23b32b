import { PROVINCIAS } from '../reference/provincias.ts';
import { socialSecurityNumber, spanishAddress } from '../validation/entityRules.ts';
import { CODIGO_OBLIGATORIO, NOMBRE, PRIMER_APELLIDO, SEGUNDO_APELLIDO } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

const S = { personal: 'Datos personales', laboral: 'Datos laborales', banco: 'Nómina' } as const;

/**
 * Employees. Codigo links a company user (its Código de empleado) to the employee: that user's time clock is this
 * employee's. NIF/NIE letter, NAF control digits and IBAN are checked (domain validators).
 */
export const empleados = defineEntity({
  name: 'empleados',
  area: 'rrhh',
  label: 'Empleado',
  labelPlural: 'Empleados',
  gender: 'm',
  permission: 'PersEmple',
  nav: { area: 'personal' },
  defaultOrder: 'Codigo',
  titleField: 'Nombre',
  softDelete: true,
  sections: [S.personal, S.laboral, S.banco],
  rules: [socialSecurityNumber('NumSeguridadSocial'), spanishAddress('CodPostal', 'Provincia', 'Pais')],
  fields: {
    Codigo: { ...CODIGO_OBLIGATORIO, section: S.personal },
    Nombre: { ...NOMBRE, maxLength: 60, section: S.personal },
    Apellido1: { ...PRIMER_APELLIDO, sortable: true, section: S.personal },
    Apellido2: { ...SEGUNDO_APELLIDO, section: S.personal },
    NIF: { kind: 'taxId', label: 'NIF/NIE', maxLength: 12, list: true, search: true, section: S.personal },
    NumSeguridadSocial: {
      kind: 'code',
      label: 'Nº de la Seguridad Social',
      maxLength: 14,
      section: S.personal,
    },
    FechaNacimiento: { kind: 'date', label: 'Fecha de nacimiento', section: S.personal },
    Email: { kind: 'email', label: 'Email', maxLength: 120, list: true, search: true, section: S.personal },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20, list: true, section: S.personal },
    Direccion: { kind: 'text', label: 'Dirección', maxLength: 200, section: S.personal },
    CodPostal: { kind: 'code', label: 'Código postal', maxLength: 10, section: S.personal },
    Poblacion: { kind: 'text', label: 'Población', maxLength: 100, section: S.personal },
    Provincia: { kind: 'enum', label: 'Provincia', options: PROVINCIAS, section: S.personal },
    Pais: { kind: 'code', label: 'País', maxLength: 2, section: S.personal },
    Departamento: {
      kind: 'text',
      label: 'Departamento',
      maxLength: 100,
      list: true,
      filter: true,
      section: S.laboral,
    },
    Puesto: { kind: 'text', label: 'Puesto', maxLength: 100, list: true, filter: true, section: S.laboral },
    IdCentro: { kind: 'reference', label: 'Centro', ref: 'centros', filter: true, section: S.laboral },
    IdContrato: { kind: 'reference', label: 'Contrato', ref: 'contratos', filter: true, section: S.laboral },
    IdSitLaboral: {
      kind: 'reference',
      label: 'Situación laboral',
      ref: 'sitlaboral',
      list: true,
      filter: true,
      section: S.laboral,
    },
    FechaAlta: { kind: 'date', label: 'Fecha de alta', list: true, filter: true, sortable: true, section: S.laboral },
    FechaBaja: { kind: 'date', label: 'Fecha de baja', filter: true, section: S.laboral },
    IBAN: { kind: 'iban', label: 'IBAN', maxLength: 34, section: S.banco },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true, section: S.laboral },
  },
});
