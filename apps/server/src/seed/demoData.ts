import { MODULE_FLAG_LIST, type ModuleFlag, type Rol, type TipoCuenta } from '@faro/domain';

/** The demo companies and people of the platform-core issue (password Demo1234 for everyone). */
export const DEMO_PASSWORD = 'Demo1234';

const allModules = Object.fromEntries(MODULE_FLAG_LIST.map((f) => [f, true])) as Record<ModuleFlag, boolean>;
const someModules: Partial<Record<ModuleFlag, boolean>> = { ActPresupuestos: true, ActAlbaranes: true, ActStock: true };
/** The demo schools take online enrolments through their client portal. */
const schoolModules: Partial<Record<ModuleFlag, boolean>> = { ...someModules, ActPortalCliente: true };

export interface DemoCompany {
  codigo: string;
  nombre: string;
  nif: string;
  tipoCuenta: TipoCuenta;
  entidadPruebas: boolean;
  condicionesAceptadas: boolean;
  modulos: Partial<Record<ModuleFlag, boolean>>;
  centros: { Val: string; Desc: string; Denegados?: string[] }[];
  datosEmpresa?: string;
  polDevoluciones?: string;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    codigo: 'DEMO',
    nombre: 'Comercial Demo SL',
    nif: 'B85626240',
    tipoCuenta: 'general',
    entidadPruebas: true,
    condicionesAceptadas: true,
    modulos: allModules,
    centros: [
      { Val: 'CENTRAL', Desc: 'Central' },
      { Val: 'SUCURSAL', Desc: 'Sucursal', Denegados: ['VentasFact'] },
    ],
  },
  {
    codigo: 'DEMO2',
    nombre: 'Demo Servicios SL',
    nif: 'B64717838',
    tipoCuenta: 'general',
    entidadPruebas: false,
    condicionesAceptadas: true,
    modulos: someModules,
    centros: [{ Val: 'CENTRAL', Desc: 'Central' }],
  },
  {
    codigo: 'ACADEMIA',
    nombre: 'Academia Demo Formación SL',
    nif: 'B12345674',
    tipoCuenta: 'academia',
    entidadPruebas: false,
    condicionesAceptadas: true,
    modulos: schoolModules,
    centros: [{ Val: 'CENTRAL', Desc: 'Central' }],
    datosEmpresa: 'Academia Demo Formación SL\nCalle Mayor 1, 28013 Madrid\nNIF B12345674\nTel. 910 000 000',
    polDevoluciones:
      'Las matrículas se pueden anular en los 14 días naturales siguientes a su formalización con devolución íntegra.\nPasado ese plazo no se devuelven las mensualidades ya iniciadas.',
  },
  {
    codigo: 'AUTOESCUELA',
    nombre: 'Autoescuela Demo SL',
    nif: 'A58818501',
    tipoCuenta: 'autoescuela',
    entidadPruebas: false,
    condicionesAceptadas: true,
    modulos: schoolModules,
    centros: [{ Val: 'CENTRAL', Desc: 'Central' }],
  },
  {
    codigo: 'ASESORIA',
    nombre: 'Asesoría Demo SL',
    nif: 'A13585625',
    tipoCuenta: 'asesoria',
    entidadPruebas: false,
    condicionesAceptadas: true,
    modulos: {},
    centros: [{ Val: 'CENTRAL', Desc: 'Central' }],
  },
  // TicketBAI: a Gipuzkoa company (TicketBAI) and a Bizkaia one (TicketBAI + LROE); seed/demoTicketbai.ts.
  {
    codigo: 'GIPUZKOA',
    nombre: 'Ferretería Donostia SL',
    nif: 'B20123451',
    tipoCuenta: 'general',
    entidadPruebas: true,
    condicionesAceptadas: true,
    modulos: someModules,
    centros: [{ Val: 'CENTRAL', Desc: 'Central' }],
  },
  {
    codigo: 'BIZKAIA',
    nombre: 'Bilbo Zerbitzuak SL',
    nif: 'B48123459',
    tipoCuenta: 'general',
    entidadPruebas: true,
    condicionesAceptadas: true,
    modulos: someModules,
    centros: [{ Val: 'CENTRAL', Desc: 'Central' }],
  },
  {
    codigo: 'PENDIENTE',
    nombre: 'Empresa Pendiente SL',
    nif: 'J99216582',
    tipoCuenta: 'general',
    entidadPruebas: true,
    condicionesAceptadas: false,
    modulos: someModules,
    centros: [{ Val: 'CENTRAL', Desc: 'Central' }],
  },
  {
    codigo: 'DENTAL',
    nombre: 'Clínica Dental Sonrisa SL',
    nif: 'B28563419',
    tipoCuenta: 'odontologia',
    entidadPruebas: false,
    condicionesAceptadas: true,
    modulos: someModules,
    centros: [{ Val: 'CENTRAL', Desc: 'Central' }],
  },
];

export interface DemoMembership {
  empresa: string;
  roles: Rol[];
  propietario?: boolean;
  fichajeActivo?: boolean;
  soloFichaje?: boolean;
  perfil?: string;
  codigoEmpleado?: string;
}

export interface DemoPerson {
  userName: string;
  nombre: string;
  apellido1?: string;
  email: string;
  esAdmin?: boolean;
  memberships: DemoMembership[];
}

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    userName: 'admin',
    nombre: 'Administración',
    apellido1: 'Faro',
    email: 'admin@faro.local',
    esAdmin: true,
    memberships: [],
  },
  {
    userName: 'demo',
    nombre: 'Lucía',
    apellido1: 'Martínez',
    email: 'demo@faro.local',
    memberships: [
      { empresa: 'DEMO', roles: ['usuario'], propietario: true, fichajeActivo: true },
      { empresa: 'DEMO2', roles: ['usuario'], propietario: true, fichajeActivo: true },
    ],
  },
  {
    userName: 'empleado',
    nombre: 'Javier',
    apellido1: 'López',
    email: 'empleado@faro.local',
    memberships: [
      {
        empresa: 'DEMO',
        roles: ['usuario', 'empleado'],
        fichajeActivo: true,
        perfil: 'Comercial',
        codigoEmpleado: 'E001',
      },
    ],
  },
  {
    userName: 'fichaje',
    nombre: 'Carmen',
    apellido1: 'Ruiz',
    email: 'fichaje@faro.local',
    memberships: [
      { empresa: 'DEMO', roles: ['reghorario'], fichajeActivo: true, soloFichaje: true, codigoEmpleado: 'E002' },
    ],
  },
  {
    userName: 'academia',
    nombre: 'Pilar',
    apellido1: 'Gómez',
    email: 'academia@faro.local',
    memberships: [{ empresa: 'ACADEMIA', roles: ['usuario'], propietario: true, fichajeActivo: true }],
  },
  {
    userName: 'profesor',
    nombre: 'Andrés',
    apellido1: 'Sánchez',
    email: 'profesor@faro.local',
    memberships: [{ empresa: 'ACADEMIA', roles: ['profesor'], fichajeActivo: true }],
  },
  {
    userName: 'alumno',
    nombre: 'Marta',
    apellido1: 'Díaz',
    email: 'alumno@faro.local',
    memberships: [{ empresa: 'ACADEMIA', roles: ['alumno'] }],
  },
  {
    userName: 'tutor',
    nombre: 'Fernando',
    apellido1: 'Díaz',
    email: 'tutor@faro.local',
    memberships: [{ empresa: 'ACADEMIA', roles: ['tutor'] }],
  },
  {
    userName: 'autoescuela',
    nombre: 'Raúl',
    apellido1: 'Navarro',
    email: 'autoescuela@faro.local',
    memberships: [{ empresa: 'AUTOESCUELA', roles: ['usuario'], propietario: true, fichajeActivo: true }],
  },
  {
    userName: 'instructor',
    nombre: 'Sergio',
    apellido1: 'Molina',
    email: 'instructor@faro.local',
    memberships: [{ empresa: 'AUTOESCUELA', roles: ['profesor'], fichajeActivo: true }],
  },
  {
    userName: 'alumnoae',
    nombre: 'Laura',
    apellido1: 'Ortega',
    email: 'alumnoae@faro.local',
    memberships: [{ empresa: 'AUTOESCUELA', roles: ['alumno'] }],
  },
  {
    userName: 'asesoria',
    nombre: 'Elena',
    apellido1: 'Castro',
    email: 'asesoria@faro.local',
    memberships: [{ empresa: 'ASESORIA', roles: ['asesoria'], propietario: true }],
  },
  {
    userName: 'gipuzkoa',
    nombre: 'Ane',
    apellido1: 'Etxeberria',
    email: 'gipuzkoa@faro.local',
    memberships: [{ empresa: 'GIPUZKOA', roles: ['usuario'], propietario: true }],
  },
  {
    userName: 'bizkaia',
    nombre: 'Iker',
    apellido1: 'Goikoetxea',
    email: 'bizkaia@faro.local',
    memberships: [{ empresa: 'BIZKAIA', roles: ['usuario'], propietario: true }],
  },
  {
    userName: 'pendiente',
    nombre: 'Tomás',
    apellido1: 'Iglesias',
    email: 'pendiente@faro.local',
    memberships: [{ empresa: 'PENDIENTE', roles: ['usuario'], propietario: true }],
  },
  // Dental practice: the owner is also dentist D1 (seed/demoOdontologia.ts).
  {
    userName: 'dental',
    nombre: 'Laura',
    apellido1: 'Vidal',
    email: 'dental@faro.local',
    memberships: [{ empresa: 'DENTAL', roles: ['usuario'], propietario: true, codigoEmpleado: 'D1' }],
  },
];

/** Profiles of DEMO: a sales clerk who cannot touch configuration nor delete invoices. */
export const DEMO_PROFILES: {
  empresa: string;
  Nombre: string;
  Descripcion: string;
  Permisos: Record<string, number>;
}[] = [
  {
    empresa: 'DEMO',
    Nombre: 'Comercial',
    Descripcion: 'Ventas y clientes; sin configuración',
    Permisos: {
      ConClientes: 3,
      ConProveedores: 1,
      VentasPresup: 3,
      VentasPedi: 3,
      VentasAlba: 2,
      VentasFact: 2,
      VentasCrmOport: 3,
      CataProdServ: 1,
      CataFamilia: 1,
      CataTarifa: 1,
      TesoMovsCajaBanco: 1,
      MarketCorreos: 2,
    },
  },
  {
    empresa: 'DEMO',
    Nombre: 'Administración',
    Descripcion: 'Acceso completo',
    Permisos: {},
  },
];

export const ASESORIA_CLIENTS = { ASESORIA: ['DEMO', 'ACADEMIA'] } as const;
