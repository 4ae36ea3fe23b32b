import {
  alumnos,
  aulas,
  autorizados,
  cargos,
  cursando,
  cursos,
  diascierre,
  evaluaciones,
  horarios,
  matriculasonline,
  opciones,
  profesores,
  tarifascurso,
  tutores,
} from '../academy/entidades.ts';
import { sillones } from '../dental/sillones.ts';
import { almacenes } from './almacenes.ts';
import { auditoria } from './auditoria.ts';
import { ausencias } from './ausencias.ts';
import {
  calexamenes,
  citasaues,
  confautoescuela,
  confavisos,
  curpermisos,
  ejercicios,
  instalaadr,
  tasasdgt,
  vehiculos,
} from './autoescuela.ts';
import { centros } from './centros.ts';
import { clientes } from './clientes.ts';
import { clientespot } from './clientespot.ts';
import { comerciales } from './comerciales.ts';
import { conceptosmovs } from './conceptosmovs.ts';
import { configura } from './configura.ts';
import { contratos } from './contratos.ts';
import type { EntityDef } from './defineEntity.ts';
import { empleados } from './empleados.ts';
import { empresa } from './empresa.ts';
import { examinadores } from './examinadores.ts';
import { familias } from './familias.ts';
import { festivos } from './festivos.ts';
import { fpago } from './fpago.ts';
import { gruposcto } from './gruposcto.ts';
import { movimientosstock } from './movimientosstock.ts';
import { plantemail } from './plantemail.ts';
import { productos } from './productos.ts';
import { proveedores } from './proveedores.ts';
import { reglascomision } from './reglascomision.ts';
import { roles } from './roles.ts';
import { segmentacion } from './segmentacion.ts';
import { series } from './series.ts';
import { sitlaboral } from './sitlaboral.ts';
import { stock } from './stock.ts';
import { tarifas } from './tarifas.ts';
import { tarifaslineas } from './tarifaslineas.ts';
import { tesoreria } from './tesoreria.ts';
import { tiposiva } from './tiposiva.ts';
import { usuarios } from './usuarios.ts';

/** The one list of every entity. Server routes, OpenAPI, web list/edit screens and menus read it. */
export const ENTITIES = {
  centros,
  usuarios,
  roles,
  auditoria,
  // Contacts
  clientes,
  clientespot,
  proveedores,
  gruposcto,
  // Catalogue
  productos,
  familias,
  tarifas,
  tarifaslineas,
  almacenes,
  stock,
  movimientosstock,
  // Configuration
  series,
  fpago,
  tiposiva,
  contratos,
  configura,
  empresa,
  // Treasury
  tesoreria,
  conceptosmovs,
  // People
  empleados,
  comerciales,
  sitlaboral,
  ausencias,
  festivos,
  reglascomision,
  // Communications
  plantemail,
  segmentacion,
  // Driving school
  examinadores,
  vehiculos,
  instalaadr,
  ejercicios,
  curpermisos,
  tasasdgt,
  citasaues,
  calexamenes,
  confavisos,
  confautoescuela,
  // Dental practices
  sillones,
  // Academy
  aulas,
  opciones,
  profesores,
  cursos,
  tarifascurso,
  tutores,
  alumnos,
  autorizados,
  cursando,
  matriculasonline,
  cargos,
  evaluaciones,
  diascierre,
  horarios,
} as const satisfies Record<string, EntityDef>;
export type EntityName = keyof typeof ENTITIES;
export const ENTITY_LIST: EntityDef[] = Object.values(ENTITIES);

export function entityByAction(action: string): EntityDef | undefined {
  return ENTITY_LIST.find((e) => (e.action ?? e.name) === action);
}

export function entityByName(name: string): EntityDef | undefined {
  return (ENTITIES as Record<string, EntityDef>)[name];
}
