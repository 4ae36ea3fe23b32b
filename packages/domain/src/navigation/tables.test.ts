import { describe, expect, it } from 'vitest';
import type { Rol, TipoCuenta } from '../session/roles.ts';
import { homePath } from './guards.ts';
import { ROUTE_TABLES, selectRouteTable, tableHas } from './tables.ts';

describe('route table selection (spec section 6)', () => {
  const cases: [string, Rol[], TipoCuenta, string, string][] = [
    ['admin', ['admin'], 'general', 'admin', '/admempresas/lista'],
    ['admin also usuario', ['admin', 'usuario'], 'general', 'admin', '/admempresas/lista'],
    ['asesoria', ['asesoria'], 'asesoria', 'asesoria', '/aseempresas/lista'],
    ['asesoria with usuario', ['usuario', 'asesoria'], 'general', 'asesoria', '/aseempresas/lista'],
    ['adviser inside a client company', ['asesoria'], 'general', 'general', '/'],
    ['adviser inside a client academy', ['asesoria'], 'academia', 'academia', '/'],
    ['only reghorario', ['reghorario'], 'general', 'fichaje', '/usuario/fichajes'],
    ['reghorario in an academy', ['reghorario'], 'academia', 'fichaje', '/usuario/fichajes'],
    ['reghorario plus empleado is not time-clock-only', ['reghorario', 'usuario'], 'general', 'general', '/'],
    ['general user', ['usuario'], 'general', 'general', '/'],
    ['general user and employee', ['usuario', 'empleado'], 'general', 'general', '/'],
    ['odontologia has its own table (docs/odontologia.md)', ['usuario'], 'odontologia', 'odontologia', '/'],
    ['academy user', ['usuario'], 'academia', 'academia', '/'],
    ['driving-school user', ['usuario'], 'autoescuela', 'autoescuela', '/'],
    ['academy teacher', ['profesor'], 'academia', 'profesorAcademia', '/horario/lista'],
    ['driving-school teacher', ['profesor'], 'autoescuela', 'profesorAutoescuela', '/horario/lista'],
    ['academy student', ['alumno'], 'academia', 'alumnoAcademia', '/'],
    ['academy tutor', ['tutor'], 'academia', 'alumnoAcademia', '/'],
    ['driving-school student', ['alumno'], 'autoescuela', 'alumnoAutoescuela', '/'],
    ['office user who also teaches', ['usuario', 'profesor'], 'academia', 'academia', '/'],
  ];
  it.each(cases)('%s', (_name, Roles, TipoCuenta, table, home) => {
    const id = selectRouteTable({ Roles, TipoCuenta });
    expect(id).toBe(table);
    expect(homePath(id)).toBe(home);
  });

  it('logged out gets the public table', () => {
    expect(selectRouteTable(null)).toBe('publico');
    expect([...ROUTE_TABLES.publico.routes].sort()).toEqual(['', 'contratacion', 'registro', 'registroalu']);
  });
});

describe('route table contents (spec section 2)', () => {
  it('the time-clock-only table holds main, registro and usuario', () => {
    for (const a of ['', 'registro', 'usuario']) expect(tableHas('fichaje', a)).toBe(true);
    expect(tableHas('fichaje', 'clientes')).toBe(false);
  });
  it('the teacher tables', () => {
    expect(tableHas('profesorAcademia', 'horario')).toBe(true);
    expect(tableHas('profesorAcademia', 'alumnosprofe')).toBe(true);
    expect(tableHas('profesorAcademia', 'clases')).toBe(false);
    expect(tableHas('profesorAutoescuela', 'clases')).toBe(true);
  });
  it.each([
    'clientes',
    'clientespot',
    'proveedores',
    'pventa',
    'dventa',
    'aventa',
    'fventa',
    'docventahist',
    'fventarec',
    'factemitidas',
    'fventaverifactu',
    'fventavisorvf',
    'lroefactemitidas',
    'movstesoreriac',
    'crmoportuni',
    'crmembudos',
    'productos',
    'familias',
    'tarifas',
    'almacenes',
    'dcompra',
    'acompra',
    'fcompra',
    'fgasto',
    'fgastorec',
    'fcomprarec',
    'factrecibidas',
    'lroefactrecibidas',
    'movstesoreriap',
    'empleados',
    'comerciales',
    'movstesoreria',
    'remesas',
    'arqueos',
    'conceptosmovs',
    'correos',
    'sms',
    'auditoria',
    'roles',
    'series',
    'tesoreria',
    'usuarios',
    'empresa',
    'gestordoc',
    'contratado',
    'videotutoriales',
    'asesorias',
    'configura',
    'fpago',
    'usuario',
    'plantemail',
    'centros',
    'gruposcto',
    'modtributarios',
    'contabilidad',
    'exportaciones',
    'embudosvta',
    'sitlaboral',
    'segmentacion',
    'contratos',
    'contratacion',
  ])('general, academy and driving-school tables hold %s', (action) => {
    expect(tableHas('general', action)).toBe(true);
    expect(tableHas('academia', action)).toBe(true);
    expect(tableHas('autoescuela', action)).toBe(true);
  });
  it.each([
    'matriculas',
    'matriculasonline',
    'autorizados',
    'tutores',
    'cargos',
    'factcobros',
    'profesores',
    'aulas',
    'opciones',
    'cursando',
    'portalalumno',
    'cursos',
    'tarifascurso',
    'horario',
  ])('academy addition %s is in academy and driving school, not general', (action) => {
    expect(tableHas('general', action)).toBe(false);
    expect(tableHas('academia', action)).toBe(true);
    expect(tableHas('autoescuela', action)).toBe(true);
  });
  it.each([
    'calexamenes',
    'imprexamenes',
    'tasasdgt',
    'citasaues',
    'confavisos',
    'confautoescuela',
    'vehiculos',
    'examinadores',
    'instalaadr',
    'ejercicios',
    'curpermisos',
    'clases',
  ])('driving-school addition %s only in driving school', (action) => {
    expect(tableHas('academia', action)).toBe(false);
    expect(tableHas('autoescuela', action)).toBe(true);
  });
  it.each([
    'portalumatriculas',
    'portalusaldo',
    'portalufacturas',
    'portaluevaluaciones',
    'portaludocumentos',
    'portaluhorario',
  ])('student table holds %s', (action) => {
    expect(tableHas('alumnoAcademia', action)).toBe(true);
    expect(tableHas('alumnoAutoescuela', action)).toBe(true);
    expect(tableHas('academia', action)).toBe(false);
  });
  it('admin and advisory tables', () => {
    for (const a of [
      'admempresas',
      'admexcep',
      'admnotifica',
      'admcontrato',
      'admvideoscat',
      'admvideoscont',
      'adminformes',
      'admversiones',
    ])
      expect(tableHas('admin', a)).toBe(true);
    for (const a of ['aseempresas', 'aseusuarios', 'aseconfigura', 'asesolicitud'])
      expect(tableHas('asesoria', a)).toBe(true);
    expect(tableHas('admin', 'clientes')).toBe(false);
  });
});
