import { PROVINCIAS } from '../reference/provincias.ts';
import { TRIBUTACIONES } from '../session/roles.ts';
import { spanishAddress } from '../validation/entityRules.ts';
import { cuenta } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

const S = {
  datos: 'Datos fiscales',
  contacto: 'Dirección y contacto',
  fiscal: 'Impuestos',
  contabilidad: 'Contabilidad',
  textos: 'Textos para clientes y alumnos',
} as const;

const tributaciones = Object.entries(TRIBUTACIONES).map(([value, label]) => ({ value, label }));

/**
 * The company's own data (one row: the company of the session; Id is the company id). Created with the company
 * and never deleted here. The logo is uploaded apart (`empresa/logo`: jpg, png or pdf by content, size capped).
 */
export const empresa = defineEntity({
  name: 'empresa',
  area: 'configuracion',
  label: 'Datos de la empresa',
  labelPlural: 'Datos de la empresa',
  gender: 'm',
  permission: 'ConfEmpresa',
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  sections: [S.datos, S.contacto, S.fiscal, S.contabilidad, S.textos],
  rules: [spanishAddress('CodPostal', 'Provincia', 'Pais')],
  fields: {
    Codigo: { kind: 'code', label: 'Código de empresa', readOnly: true, list: true, section: S.datos },
    Nombre: {
      kind: 'text',
      label: 'Razón social',
      required: true,
      maxLength: 150,
      list: true,
      search: true,
      section: S.datos,
    },
    NombreComercial: { kind: 'text', label: 'Nombre comercial', maxLength: 150, section: S.datos },
    NIF: { kind: 'taxId', label: 'NIF', required: true, maxLength: 12, list: true, section: S.datos },
    RegistroMercantil: {
      kind: 'text',
      label: 'Datos registrales',
      maxLength: 300,
      help: 'Registro Mercantil, tomo, folio, hoja e inscripción',
      section: S.datos,
    },
    Direccion: { kind: 'text', label: 'Dirección', maxLength: 200, section: S.contacto },
    CodPostal: { kind: 'code', label: 'Código postal', maxLength: 10, section: S.contacto },
    Poblacion: { kind: 'text', label: 'Población', maxLength: 100, list: true, section: S.contacto },
    Provincia: { kind: 'enum', label: 'Provincia', options: PROVINCIAS, section: S.contacto },
    Pais: { kind: 'code', label: 'País', maxLength: 2, section: S.contacto },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20, section: S.contacto },
    Email: { kind: 'email', label: 'Email', maxLength: 120, section: S.contacto },
    Web: { kind: 'text', label: 'Web', maxLength: 200, section: S.contacto },
    Tributacion: {
      kind: 'enum',
      label: 'Tributación',
      options: tributaciones,
      required: true,
      section: S.fiscal,
    },
    RecargoEquivalencia: { kind: 'boolean', label: 'En recargo de equivalencia', section: S.fiscal },
    DireccionEnvioDefecto: {
      kind: 'boolean',
      label: 'Usar la dirección de envío por defecto',
      help: 'Los documentos de venta llevan la dirección de envío por defecto del cliente',
      section: S.fiscal,
    },
    DecimalesRedondeo: {
      kind: 'integer',
      label: 'Decimales de redondeo',
      required: true,
      min: 0,
      max: 4,
      section: S.contabilidad,
    },
    DigitosContables: {
      kind: 'integer',
      label: 'Dígitos de las subcuentas',
      required: true,
      min: 4,
      max: 12,
      section: S.contabilidad,
    },
    CuentaCompras: { ...cuenta('Cuenta de compras'), section: S.contabilidad },
    CuentaGastos: { ...cuenta('Cuenta de gastos'), section: S.contabilidad },
    CuentaVentasProductos: { ...cuenta('Cuenta de ventas de productos'), section: S.contabilidad },
    CuentaVentasServicios: { ...cuenta('Cuenta de ventas de servicios'), section: S.contabilidad },
    DatosEmpresa: {
      kind: 'text',
      label: 'Datos de la empresa',
      maxLength: 2000,
      help: 'Texto de varias líneas que ven los alumnos y clientes',
      section: S.textos,
    },
    PolDevoluciones: {
      kind: 'text',
      label: 'Política de devoluciones',
      maxLength: 8000,
      section: S.textos,
    },
    Logo: {
      kind: 'text',
      label: 'Logotipo',
      readOnly: true,
      help: 'Se sube aparte: imagen jpg o png, o pdf',
      section: S.datos,
    },
  },
});
