import { createHash } from 'node:crypto';
import { planDe } from '@faro/domain';
import { describe, expect, it, vi } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import type { Session } from '../../../test/testApp.ts';
import { SIN_FIRMAR, SUSPENDIDA } from './suspension.ts';

/**
 * On both engines: platform administration, advisory firms, contracting. One app for the whole file.
 */

// A 500 on demand whose message carries secrets and personal data: infoempre throws while `boom.on`.
const boom = vi.hoisted(() => ({ on: false }));
vi.mock('../usuarios/infoEmpresa.ts', async (original) => {
  const real = await original<typeof import('../usuarios/infoEmpresa.ts')>();
  return {
    ...real,
    buildInfoEmpresa: (...args: Parameters<typeof real.buildInfoEmpresa>) => {
      if (boom.on)
        throw new TypeError(
          'fallo de prueba password=Secreta123 de lucia.perez@ejemplo.com token eyJhbGciOi.eyJzdWIi.firma iban ES9121000418450200051332',
        );
      return real.buildInfoEmpresa(...args);
    },
  };
});

const ADM = '/api/usuarios/administrador';
/** A valid 1×1 PNG: the drawn signature of the test. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A PDF route's bytes (the JSON helper would decode them as text). */
async function pdfDe(s: Session, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload };
}
async function idDe(codigo: string): Promise<number> {
  const [e] = await t.database.query<{ id: number }>('select id::int as id from empresas where codigo = $1', [codigo]);
  return e!.id;
}
async function ultimoCodigo(email: string): Promise<string> {
  const [m] = await t.database.query<{ texto: string }>(
    'select texto from correos_salida where para = $1 order by id desc limit 1',
    [email],
  );
  return /(\d{6})/.exec(m!.texto)![1]!;
}

/** The signing link's token of the newest contract mail to `email`. */
async function tokenDe(email: string): Promise<string> {
  const [m] = await t.database.query<{ texto: string }>(
    'select texto from correos_salida where para = $1 order by id desc limit 1',
    [email],
  );
  return /\/contratacion\/firmar\/([\w-]+)/.exec(m!.texto)![1]!;
}

const t = appDePruebas({ empresaPlataforma: 'DEMO' });
const admin = t.sesion('admin');

describe('platform administration', () => {
  it('refuses admin routes to a company owner and lists every company to the admin', async () => {
    const demo = await t.as('demo', 'DEMO');
    expect((await demo.request('GET', `${ADM}/admempresas/list`)).status).toBe(403);
    const res = await admin.request('GET', `${ADM}/admempresas/list?TotalPagina=200`);
    expect(res.status).toBe(200);
    const codigos = res.body.Items.map((e: { Codigo: string }) => e.Codigo);
    expect(codigos).toEqual(expect.arrayContaining(['DEMO', 'ACADEMIA', 'ASESORIA', 'PENDIENTE']));
    const pend = res.body.Items.find((e: { Codigo: string }) => e.Codigo === 'PENDIENTE');
    expect(pend).toMatchObject({ EntidadPruebas: true, CondicionesAceptadas: false, NumUsuarios: 1 });
  });

  it('creates a company with a user, suspends it (its calls refused) and moves it to production', async () => {
    const nueva = await admin.request('POST', `${ADM}/admempresas/save`, {
      Codigo: 'NUEVA',
      Nombre: 'Nueva Prueba SL',
      NIF: 'B12345674',
      TipoCuenta: 'general',
      Plan: 'profesional',
      Modulos: { ActPresupuestos: true },
      Usuarios: 3,
      Centros: 1,
    });
    expect(nueva.status, JSON.stringify(nueva.body)).toBe(201);
    const id = nueva.body.Id;
    const user = await admin.request('POST', `${ADM}/admusuarios/save/${id}`, {
      UserName: 'nueva.duena',
      Nombre: 'Nora',
      Email: 'nora@nueva.test',
      Roles: ['usuario'],
      Propietario: true,
      Password: 'Nueva1234',
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const users = await admin.request('GET', `${ADM}/admusuarios/list/${id}`);
    expect(users.body.Items.map((u: { UserName: string }) => u.UserName)).toEqual(['nueva.duena']);
    const edit = await admin.request('PUT', `${ADM}/admusuarios/save/${id}/${user.body.Id}`, {
      ...user.body,
      Nombre: 'Nora María',
    });
    expect(edit.body.Nombre).toBe('Nora María');
    // Unsigned yet (created by the admin): only the users area answers.
    await t.database.query('update empresas set condiciones_aceptadas = true where id = $1', [id]);
    const nora = await t.as('nueva.duena', 'NUEVA');
    expect((await nora.request('GET', '/api/ventas/clientes/list')).status).toBe(200);
    expect((await admin.request('POST', `${ADM}/admempresas/suspender/${id}`, { Suspendida: true })).status).toBe(200);
    const refused = await nora.request('GET', '/api/ventas/clientes/list');
    expect(refused).toMatchObject({ status: 403, body: { Mensaje: SUSPENDIDA } });
    await admin.request('POST', `${ADM}/admempresas/suspender/${id}`, { Suspendida: false });
    expect((await nora.request('GET', '/api/ventas/clientes/list')).status).toBe(200);
    // To production starting clean (no issued invoices): the test customer goes, the people and initial data stay.
    const cliente = await nora.request('POST', '/api/ventas/clientes/save', {
      Nombre: 'Cliente de prueba',
      NIF: '00000006Y',
    });
    expect(cliente.status, JSON.stringify(cliente.body)).toBe(201);
    expect((await admin.request('GET', `${ADM}/admempresas/edit/${id}`)).body.FacturasEmitidas).toBe(0);
    const limpia = await admin.request('POST', `${ADM}/admempresas/produccion/${id}`, { Datos: 'limpiar' });
    expect(limpia.status, JSON.stringify(limpia.body)).toBe(200);
    expect((await nora.request('GET', '/api/ventas/clientes/list')).body.Items).toEqual([]);
    expect((await nora.request('GET', '/api/configuracion/tiposiva/list')).body.Items.length).toBeGreaterThan(0);
    expect((await admin.request('GET', `${ADM}/admusuarios/list/${id}`)).body.Items).toHaveLength(1);
    // A company with issued invoices cannot start clean: a Spanish 409, nothing touched.
    const demoId = await idDe('DEMO');
    const nope = await admin.request('POST', `${ADM}/admempresas/produccion/${demoId}`, { Datos: 'limpiar' });
    expect(nope.status).toBe(409);
    expect(nope.body.Mensaje).toMatch(/^No se puede empezar de cero: la empresa ya ha emitido \d+ facturas/);
    expect((await admin.request('GET', `${ADM}/admempresas/edit/${demoId}`)).body.EntidadPruebas).toBe(true);
    expect((await admin.request('GET', `${ADM}/admempresas/edit/${id}`)).body).toMatchObject({
      EntidadPruebas: false,
      Plan: 'profesional',
      Usuarios: 3,
    });
  });

  it('records a forced 500 without secrets or personal data, grouped, searchable and resolvable', async () => {
    const demo = await t.as('demo', 'DEMO');
    boom.on = true;
    try {
      for (let i = 0; i < 2; i++)
        expect((await demo.request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(500);
    } finally {
      boom.on = false;
    }
    const filtro = encodeURIComponent(JSON.stringify({ Buscar: 'fallo de prueba' }));
    const list = await admin.request('GET', `${ADM}/admexcep/list?Filtros=${filtro}`);
    expect(list.status).toBe(200);
    expect(list.body.Items).toHaveLength(1);
    const g = list.body.Items[0];
    expect(g).toMatchObject({ Ruta: '/api/usuarios/usuario/infoempre', Nombre: 'TypeError', Veces: 2 });
    const text = JSON.stringify(list.body);
    for (const secret of ['Secreta123', 'lucia.perez', 'eyJhbGciOi', 'ES9121000418450200051332'])
      expect(text).not.toContain(secret);
    expect(g.Mensaje).toContain('fallo de prueba');
    expect((await admin.request('POST', `${ADM}/admexcep/resolver`, { Grupo: g.Grupo })).status).toBe(200);
    expect((await admin.request('GET', `${ADM}/admexcep/list?Filtros=${filtro}`)).body.Items).toHaveLength(0);
    const resueltos = encodeURIComponent(JSON.stringify({ Buscar: 'fallo de prueba', Resueltos: true }));
    expect((await admin.request('GET', `${ADM}/admexcep/list?Filtros=${resueltos}`)).body.Items[0].ResueltoPor).toBe(
      'admin',
    );
  });

  it('puts the newest product version in the session context, its notes at versionproducto', async () => {
    const saved = await admin.request('POST', `${ADM}/admversiones/save`, {
      Version: '7.3.0',
      Fecha: '2026-01-15',
      Notas: 'Firma dibujada en el contrato',
    });
    expect(saved.status).toBe(201);
    const demo = await t.as('demo', 'DEMO');
    expect((await demo.request('GET', '/api/usuarios/usuario/infoempre')).body.VersionProducto).toBe('7.3.0');
    expect((await demo.request('GET', '/api/usuarios/usuario/versionproducto')).body).toMatchObject({
      Version: '7.3.0',
      Notas: 'Firma dibujada en el contrato',
    });
  });

  it('delivers notices to the users of the targeted account types, and videos to the account types that see them', async () => {
    const aviso = await admin.request('POST', `${ADM}/admnotifica/save`, {
      Titulo: 'Mantenimiento',
      Texto: 'El sábado por la noche',
      Prioridad: 'a',
      TiposCuenta: ['academia'],
    });
    expect(aviso.status).toBe(201);
    expect(aviso.body.Destinatarios).toBeGreaterThan(0);
    const academia = await t.as('academia', 'ACADEMIA');
    const demo = await t.as('demo', 'DEMO');
    const mias = (await academia.request('GET', '/api/usuarios/usuario/avisosplataforma')).body.Items;
    expect(mias.map((a: { Titulo: string }) => a.Titulo)).toContain('Mantenimiento');
    const ajenas = (await demo.request('GET', '/api/usuarios/usuario/avisosplataforma')).body.Items;
    expect(ajenas.map((a: { Titulo: string }) => a.Titulo)).not.toContain('Mantenimiento');
    const cat = await admin.request('POST', `${ADM}/admvideoscat/save`, { Nombre: 'Primeros pasos' });
    const video = await admin.request('POST', `${ADM}/admvideoscont/save`, {
      IdCategoria: cat.body.Id,
      Titulo: 'Matricular un alumno',
      Url: 'https://videos.example/matricula',
      TiposCuenta: ['academia'],
    });
    expect(video.status, JSON.stringify(video.body)).toBe(201);
    const titulos = async (s: Session) =>
      (await s.request('GET', '/api/usuarios/usuario/videotutoriales')).body.Items.map(
        (v: { Titulo: string }) => v.Titulo,
      );
    expect(await titulos(academia)).toContain('Matricular un alumno');
    expect(await titulos(demo)).not.toContain('Matricular un alumno');
  });
});

describe('advisory firms', () => {
  it('sees only its linked clients, takes a request, and enters a client at the delegated level, audited', async () => {
    const firma = await t.as('asesoria', 'ASESORIA');
    const cola = await firma.request('GET', '/api/asesorias/aseempresas/list');
    expect(cola.status).toBe(200);
    expect(cola.body.Items.map((c: { Codigo: string }) => c.Codigo).sort()).toEqual(['ACADEMIA', 'DEMO']);
    expect(cola.body.Items[0]).toHaveProperty('RechazosVerifactu');
    // Models due this period: 303 for every client; DEMO files the 303 (presented) and has a 111 draft.
    const { Anyo, Periodo } = cola.body.Plazo;
    expect(Periodo).toMatch(/^[1-4]T$/);
    const demoId = await idDe('DEMO');
    await t.database.query(
      `insert into modelos_presentados (empresa_id, modelo, anyo, periodo, estado) values
         ($1, '303', $2, $3, 'presentada'), ($1, '111', $2, $3, 'borrador')`,
      [demoId, Anyo, Periodo],
    );
    const conModelos = (await firma.request('GET', '/api/asesorias/aseempresas/list')).body.Items;
    const porCodigo = (c: string) => conModelos.find((x: { Codigo: string }) => x.Codigo === c);
    expect(porCodigo('DEMO').Modelos).toEqual([
      { Modelo: '303', Estado: 'presentada' },
      { Modelo: '111', Estado: 'borrador' },
    ]);
    expect(porCodigo('DEMO').ModelosSinPresentar).toBe(1);
    expect(porCodigo('ACADEMIA').Modelos).toEqual([{ Modelo: '303', Estado: 'pendiente' }]);
    await t.database.query('delete from modelos_presentados where empresa_id = $1 and anyo = $2 and periodo = $3', [
      demoId,
      Anyo,
      Periodo,
    ]);
    const ae = await idDe('AUTOESCUELA');
    expect((await firma.request('POST', `/api/asesorias/aseempresas/entrar/${ae}`)).status).toBe(404);
    // DEMO2's owner finds the firm and asks; the firm accepts at level 1 (list only).
    const duena = await t.as('demo', 'DEMO2');
    const firmaId = await idDe('ASESORIA');
    await firma.request('PUT', '/api/asesorias/aseconfigura/save', {
      Provincia: '28',
      Especialidades: ['Fiscal'],
      Descripcion: 'Asesoría fiscal',
      NivelDefecto: 1,
    });
    const buscar = encodeURIComponent(JSON.stringify({ Provincia: '28', Especialidad: 'Fiscal' }));
    const found = await duena.request('GET', `/api/asesorias/asesorias/list?Filtros=${buscar}`);
    expect(found.body.Items.map((f: { Id: number }) => f.Id)).toContain(firmaId);
    const sol = await duena.request('POST', `/api/asesorias/asesorias/solicitar/${firmaId}`, { Mensaje: 'Llevadnos' });
    expect(sol.status).toBe(201);
    expect((await duena.request('POST', `/api/asesorias/asesorias/solicitar/${firmaId}`, {})).status).toBe(400);
    expect(
      (await firma.request('POST', `/api/asesorias/asesolicitud/aceptar/${sol.body.Id}`, { Nivel: 1 })).status,
    ).toBe(200);
    const demo2 = await idDe('DEMO2');
    const entra = await firma.request('POST', `/api/asesorias/aseempresas/entrar/${demo2}`);
    expect(entra).toMatchObject({ status: 200, body: { Nivel: 1 } });
    const cambio = await firma.request('GET', `/api/usuarios/usuario/cambiarempre/${demo2}/web`);
    expect(cambio.status).toBe(200);
    const dentro = t.session(cambio.body.Token);
    expect((await dentro.request('GET', '/api/ventas/clientes/list')).status).toBe(200);
    expect(
      (await dentro.request('POST', '/api/ventas/clientes/save', { Nombre: 'No debe', NIF: '00000006Y' })).status,
    ).toBe(403);
    const audit = await t.database.query<{ user_name: string }>(
      "select user_name from auditoria where empresa_id = $1 and recurso = 'asesoria_entrada'",
      [demo2],
    );
    expect(audit.map((a) => a.user_name)).toEqual(['asesoria']);
    // A rejected request keeps its reason; a company that is not a firm has no requests.
    const otra = await t.as('academia', 'ACADEMIA');
    expect((await otra.request('POST', `/api/asesorias/asesorias/solicitar/${firmaId}`, {})).status).toBe(400);
    expect((await duena.request('GET', '/api/asesorias/asesolicitud/list')).status).toBe(404);
  });
});

describe('contracting', () => {
  const alta = {
    TipoCuenta: 'general',
    Plan: 'basico',
    NombreEmpresa: 'Firma Segura SL',
    NIF: 'B64717838',
    Direccion: 'Calle Luna 3',
    CodPostal: '28004',
    Poblacion: 'Madrid',
    Iban: 'ES91 2100 0418 4502 0005 1332',
    Nombre: 'Sara',
    Apellido1: 'Gil',
    Email: 'sara@firma.test',
    Usuario: 'sara.gil',
    Password: 'Firma1234',
    AceptaCondiciones: true,
  };

  it('checks NIF and IBAN, blocks the unsigned company, signs with the e-mailed code, and the stored hash verifies', async () => {
    const malo = await t.call('POST', '/api/usuarios/registro/nuevacontratacion', {
      ...alta,
      NIF: 'B64717839',
      Iban: 'ES00 1234',
    });
    expect(malo.status).toBe(400);
    const campos = malo.body.Errores.map((e: { Campo: string }) => e.Campo);
    expect(campos).toEqual(expect.arrayContaining(['NIF', 'Iban']));
    const res = await t.call('POST', '/api/usuarios/registro/nuevacontratacion', alta);
    expect(
      res.status,
      JSON.stringify(await t.database.query('select nombre, mensaje from errores_servidor order by id desc limit 1')),
    ).toBe(201);
    // The signing link travels only by e-mail (the answer is the same for a taken user name).
    const token = await tokenDe('sara@firma.test');
    const vista = await t.call('GET', `/api/usuarios/registro/contrato/${token}`);
    expect(vista.body).toMatchObject({ Estado: 'pendiente', Empresa: 'Firma Segura SL' });
    expect(vista.body.Texto).toContain('Firma Segura SL');
    // Signed in but unsigned: the 'Aviso Legal' state, and nothing outside the users area answers.
    const sara = await t.login('sara.gil', 'Firma1234');
    expect((await sara.request('GET', '/api/usuarios/usuario/infoempre')).body.CondicionesAceptadas).toBe(false);
    expect(await sara.request('GET', '/api/ventas/clientes/list')).toMatchObject({
      status: 403,
      body: { Mensaje: SIN_FIRMAR },
    });
    const codigo = await ultimoCodigo('sara@firma.test');
    const mal = await t.call('POST', `/api/usuarios/registro/contrato/${token}/firmar`, {
      Firmante: 'Sara Gil',
      Codigo: codigo === '000000' ? '111111' : '000000',
    });
    expect(mal.status).toBe(400);
    const noPng = await t.call('POST', `/api/usuarios/registro/contrato/${token}/firmar`, {
      Firmante: 'Sara Gil',
      Codigo: codigo,
      Trazo: `data:image/png;base64,${Buffer.from('<svg/>'.repeat(20)).toString('base64')}`,
    });
    expect(noPng.status).toBe(400);
    expect(noPng.body.Errores.map((e: { Campo: string }) => e.Campo)).toEqual(['Trazo']);
    const firma = await t.call(
      'POST',
      `/api/usuarios/registro/contrato/${token}/firmar`,
      { Firmante: 'Sara Gil', Codigo: codigo, Trazo: `data:image/png;base64,${PNG_1X1}` },
      {
        'user-agent': 'Navegador de prueba',
      },
    );
    expect(firma.status, JSON.stringify(firma.body)).toBe(200);
    const hash = firma.body.Hash as string;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // The signed PDF served to the company is the one the hash was computed on.
    const signed = await pdfDe(sara, '/api/usuarios/usuario/vercontratofirmado');
    expect(signed.status).toBe(200);
    expect(signed.type).toContain('application/pdf');
    expect(sha256(signed.bytes)).toBe(hash);
    expect(signed.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The drawn signature is an image in the evidence sheet, and is kept with the contract.
    expect(signed.bytes.toString('latin1')).toContain('/Subtype /Image');
    const cert = await pdfDe(sara, '/api/usuarios/usuario/vercertificado');
    expect(cert.status).toBe(200);
    expect((await pdfDe(sara, '/api/usuarios/usuario/verenctratamiento')).status).toBe(200);
    // The evidence: who, when, from where, with which browser.
    const [row] = await t.database.query<Record<string, unknown>>(
      "select c.firmante, c.ip, c.agente_usuario, c.hash, length(c.trazo)::int as trazo from contratos_servicio c join empresas e on e.id = c.empresa_id where e.nombre = 'Firma Segura SL'",
    );
    expect(row).toMatchObject({ firmante: 'Sara Gil', agente_usuario: 'Navegador de prueba', hash, trazo: 70 });
    expect(row!.ip).toBeTruthy();
    // Signed: the company works.
    expect((await sara.request('GET', '/api/usuarios/usuario/infoempre')).body.CondicionesAceptadas).toBe(true);
    expect((await sara.request('GET', '/api/ventas/clientes/list')).status).toBe(200);
    expect(
      (await t.call('POST', `/api/usuarios/registro/contrato/${token}/firmar`, { Firmante: 'X', Codigo: codigo }))
        .status,
    ).toBe(400);
    // The admin sees the contract with its hash and prints the client's copy.
    const empresaId = (await sara.request('GET', '/api/usuarios/usuario/infoempre')).body.IdEmpresa;
    const lista = await admin.request('GET', `${ADM}/admusuarios/listcontratos/${empresaId}`);
    expect(lista.body.Items[0]).toMatchObject({ Estado: 'firmado', Hash: hash, Firmante: 'Sara Gil' });
    const copia = await pdfDe(admin, `${ADM}/admusuarios/printcopiaclie/${empresaId}/${lista.body.Items[0].Id}`);
    expect(copia.status).toBe(200);
    // Plan changes: an upgrade now, a downgrade at the end of the period.
    const up = await sara.request('PUT', '/api/usuarios/usuario/contratado', { Plan: 'empresa' });
    expect(up.status).toBe(200);
    const plan = await sara.request('GET', '/api/usuarios/usuario/contratado');
    expect(plan.body).toMatchObject({ Plan: 'empresa', Usuarios: 10 });
    expect(plan.body.Modulos.ActCrm).toBe(true);
    await sara.request('PUT', '/api/usuarios/usuario/contratado', { Plan: 'basico' });
    expect((await sara.request('GET', '/api/usuarios/usuario/contratado')).body).toMatchObject({
      Plan: 'empresa',
      PlanSiguiente: 'basico',
    });
    // The month's fee: invoiced by the platform company (DEMO here) through its sales engine, once.
    const cuota = `${ADM}/admempresas/facturarcuota/${empresaId}`;
    expect((await sara.request('POST', cuota, { Periodo: '2026-03' })).status).toBe(403);
    expect((await admin.request('POST', cuota, { Periodo: '2026-13' })).status).toBe(400);
    const fact = await admin.request('POST', cuota, { Periodo: '2026-03' });
    expect(fact.status, JSON.stringify(fact.body)).toBe(201);
    expect(Number(fact.body.Total)).toBeCloseTo(planDe('empresa')!.PrecioMes * 1.21, 2);
    expect(await admin.request('POST', cuota, { Periodo: '2026-03' })).toMatchObject({ status: 409 });
    const [emitida] = await t.database.query<{ codigo: string; num_serie: string; cliente_nif: string }>(
      `select e.codigo, d.num_serie, d.cliente_nif from suscripciones_facturas s
         join documentos_venta d on d.empresa_id = s.id_emisora and d.id = s.id_factura
         join empresas e on e.id = d.empresa_id
        where s.empresa_id = $1 and s.periodo = '2026-03'`,
      [empresaId],
    );
    expect(emitida).toMatchObject({ codigo: 'DEMO', num_serie: fact.body.NumSerie, cliente_nif: 'B64717838' });
    const suyas = (await sara.request('GET', '/api/usuarios/usuario/contratado')).body.Facturas;
    expect(suyas).toEqual([expect.objectContaining({ Periodo: '2026-03', NumSerie: fact.body.NumSerie })]);
    const factPdf = await pdfDe(sara, '/api/usuarios/usuario/contratado/factura/2026-03');
    expect(factPdf.status).toBe(200);
    expect(factPdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfDe(sara, '/api/usuarios/usuario/contratado/factura/2026-04')).status).toBe(404);
  });

  it('builds new contracts from the newest template version', async () => {
    const v = await admin.request('POST', `${ADM}/admcontrato/save`, {
      Titulo: 'Contrato v2',
      Cuerpo: '<p>Contrato de {{NombreEmpresa}} ({{NIF}})</p><script>alert(1)</script>',
    });
    expect(v.status).toBe(201);
    expect(v.body.Cuerpo).not.toContain('<script>');
    const res = await t.call('POST', '/api/usuarios/registro/nuevacontratacion', {
      ...alta,
      NombreEmpresa: 'Plantilla Nueva SL',
      Usuario: 'plantilla.nueva',
      Email: 'p@nueva.test',
    });
    expect(res.status).toBe(201);
    const vista = await t.call('GET', `/api/usuarios/registro/contrato/${await tokenDe('p@nueva.test')}`);
    expect(vista.body).toMatchObject({ Titulo: 'Contrato v2' });
    expect(vista.body.Texto).toContain('Contrato de Plantilla Nueva SL (B64717838)');
  });
});
