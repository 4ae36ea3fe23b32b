import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, TEST_SECRET, type TestApp } from '../../../../test/testApp.ts';
import { validarEnvioSoap } from '../../../../test/verifactu/xsd.ts';
import { documentosVenta } from '../../../platform/db/schema.ts';
import { companyDirectory } from '../../../platform/tenancy/directory.ts';
import { type CertificadosPrueba, generarCertificadosPrueba } from '../../../verifactu/simulador/certificados.ts';
import { iniciarSimuladorAeat, type SimuladorAeat } from '../../../verifactu/simulador/simuladorAeat.ts';
import { multipartCertificado as multipart } from '../../registrosFiscales/certificado.testkit.ts';
import { enviarPendientes, estadoEnvio, iniciarTrabajadorVerifactu, soltarTurno, tomarTurno } from './envio.ts';
import { registrarAlta } from './registros.ts';

/**
 * The VeriFactu queue end to end against the local AEAT simulator (HTTPS with mutual TLS, XSD-validated requests):
 * certificate upload, Correcto / AceptadoConErrores / Incorrecto, TiempoEsperaEnvio, one invoice per message, a
 * timeout with back-off and incident mode, subsanación, the sender lease and the worker. PGlite only: it needs
 * the openssl CLI and runs the simulator; the SQL it uses is the same on both engines.
 */
let t: TestApp;
let demo: Session;
let empresaId: number;
let cliente: number;
let certs: CertificadosPrueba;
let sim: SimuladorAeat;
let reloj = Date.now();
const ahora = () => reloj;
const VF = '/api/ventas/fventaverifactu';

async function subir(campos: Record<string, string>, nombre: string, bytes: Buffer) {
  const m = multipart(campos, { nombre, bytes });
  return demo.request('POST', `${VF}/certificado`, m.body, m.headers);
}

async function emitir(observaciones = 'Venta normal') {
  const d = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: '2026-11-03',
    Observaciones: observaciones,
    Lineas: [{ Descripcion: 'Llave', Cantidad: '1', Precio: '20', TipoIva: 'IVA21' }],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const e = await demo.request('POST', `/api/ventas/fventa/emitir/${d.body.Id}`, {});
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return e.body as { Id: number; NumSerie: string };
}

async function estadoDe(idFactura: number) {
  const res = await demo.request('GET', `${VF}/factura/${idFactura}`);
  return res.body.Items as { Id: number; Estado: string; Clase: string; CodigoErrorRegistro: number | null }[];
}

const enviar = (extra: Parameters<typeof enviarPendientes>[3] = {}) =>
  enviarPendientes(t.database, TEST_SECRET, empresaId, { ca: certs.ca, ahora, timeoutMs: 5_000, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const [e] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
  empresaId = Number(e!.id);
  cliente = (await demo.request('GET', '/api/ventas/clientes/list?TotalPagina=50')).body.Items.find(
    (c: { NIF: string | null }) => c.NIF,
  ).Id;
  certs = generarCertificadosPrueba({ nif: 'B85626240', nombre: 'FERRETERIA DEMO' });
  sim = await iniciarSimuladorAeat({
    certificados: certs,
    validarXsd: validarEnvioSoap,
    tiempoEsperaEnvio: 60,
    decidir: (r) => {
      const texto = JSON.stringify(r.nodo);
      if (texto.includes('RECHAZAR')) return { EstadoRegistro: 'Incorrecto', CodigoErrorRegistro: 1189 };
      if (texto.includes('CONERRORES')) return { EstadoRegistro: 'AceptadoConErrores', CodigoErrorRegistro: 2001 };
      return undefined;
    },
  });
});

afterAll(async () => {
  await sim?.cerrar();
  await t?.close();
});

describe('VeriFactu queue against the local AEAT simulator', () => {
  it('uploads the certificate encrypted and never returns its password', async () => {
    expect((await subir({ Password: 'mala' }, 'empresa.p12', certs.cliente.pfx)).body.Mensaje).toContain('contraseña');
    const txt = await subir({ Password: certs.cliente.passphrase }, 'empresa.txt', certs.cliente.pfx);
    expect(txt.status).toBe(400);
    const ok = await subir({ Password: certs.cliente.passphrase }, 'empresa.p12', certs.cliente.pfx);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.Certificado.Nombre).toBe('empresa.p12');
    expect(JSON.stringify(ok.body)).not.toContain(certs.cliente.passphrase);
    const [fila] = await t.database.query<{ certificado: string; certificado_clave: string }>(
      `select certificado, certificado_clave from verifactu_config where empresa_id = ${empresaId}`,
    );
    expect(fila!.certificado_clave).not.toContain(certs.cliente.passphrase);
    expect(Buffer.from(fila!.certificado.split('.')[2]!, 'base64url').equals(certs.cliente.pfx)).toBe(false);
    const cfg = await demo.request('PUT', `${VF}/config`, { Entorno: 'pruebas', EnvioAeat: false, Url: sim.url });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    expect(cfg.body.Destino).toBe(sim.url);
  });

  it('Correcto, AceptadoConErrores and Incorrecto: a rejected record blocks nobody; chronological order', async () => {
    const normal = await emitir();
    const rechazada = await emitir('RECHAZAR esta factura');
    const conErrores = await emitir('CONERRORES en el destinatario');
    const despues = await emitir();
    // The seed's cancelled invoice has an alta and an anulación: never in the same message, so the queue needs
    // more than one message, each after TiempoEsperaEnvio (60 s).
    const r = await enviar();
    expect(r.pasos).toBe(1);
    expect(r.plan).toBe('esperar');
    expect(r.motivo).toBe('flujo');
    expect((await estadoEnvio(companyDirectory(t.deps).scope(empresaId))).siguienteEnvio).toBe(reloj + 60_000);
    expect((await enviar()).pasos).toBe(0); // still inside the 60 s
    expect(sim.peticiones).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      reloj += 61_000;
      await enviar();
    }
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int n from verifactu_cola where empresa_id = ${empresaId} and estado = 'generado'`,
    )) as [{ n: number }];
    expect(Number(n)).toBe(0);
    expect(sim.peticiones.every((p) => p.nifObligado === 'B85626240')).toBe(true);
    const series = sim.peticiones.flatMap((p) =>
      [...p.xml.matchAll(/<sum1:NumSerieFactura>([^<]+)</g)].map((m) => m[1]),
    );
    expect(series.indexOf(normal.NumSerie)).toBeGreaterThanOrEqual(0);
    expect(series.indexOf(normal.NumSerie)).toBeLessThan(series.indexOf(despues.NumSerie));
    expect((await estadoDe(normal.Id))[0]!.Estado).toBe('enviado');
    expect((await estadoDe(despues.Id))[0]!.Estado).toBe('enviado');
    const [rech] = await estadoDe(rechazada.Id);
    expect(rech!.Estado).toBe('rechazado');
    expect(rech!.CodigoErrorRegistro).toBe(1189);
    const [conErr] = await estadoDe(conErrores.Id);
    expect(conErr!.Estado).toBe('conerrores');
    // The cancelled invoice's accepted anulación moved its alta to anulado.
    const anulados = await t.database.query<{ n: number }>(
      `select count(*)::int n from verifactu_cola where empresa_id = ${empresaId} and estado = 'anulado'`,
    );
    expect(Number(anulados[0]!.n)).toBe(1);
    // The viewer explains the AEAT error in Spanish and names the field.
    const v = await demo.request('GET', `${VF}/edit/${rech!.Id}`);
    expect(v.body.Respuesta.Error.Codigo).toBe(1189);
    expect(v.body.Respuesta.Error.Explicacion.length).toBeGreaterThan(10);
  });

  it('subsanación of the rejected record: Subsanacion=S, RechazoPrevio=X, accepted on the next send', async () => {
    const list = await demo.request('GET', `${VF}/list?Filtros=${encodeURIComponent('{"Estado":"rechazado"}')}`);
    const rech = list.body.Items[0];
    const sub = await demo.request('POST', `${VF}/subsanar/${rech.Id}`, {});
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    expect((await demo.request('POST', `${VF}/subsanar/${rech.Id}`, {})).status).toBe(400);
    const v = await demo.request('GET', `${VF}/edit/${sub.body.Id}`);
    expect(v.body.Clase).toBe('subsanacion');
    expect(v.body.Registro.Subsanacion).toBe('S');
    expect(v.body.Registro.RechazoPrevio).toBe('X');
    expect(v.body.Cadena.Valida).toBe(true);
  });

  it('a timeout retries with back-off in incident mode; records made meanwhile go with Incidencia=S', async () => {
    reloj += 61_000;
    sim.siguientes({ tipo: 'colgar' });
    const f = await emitir();
    const r = await enviar({ timeoutMs: 400 });
    expect(r.ultimo?.Tipo).toBe('error');
    const estado = await estadoEnvio(companyDirectory(t.deps).scope(empresaId));
    expect(estado.incidencia).toBe(true);
    const [fila] = await t.database.query<{ intentos: number; no_antes_de: string; retrasado: boolean }>(
      `select c.intentos, c.no_antes_de, c.retrasado from verifactu_cola c join verifactu_registros r
        on r.empresa_id = c.empresa_id and r.id = c.id_registro where r.id_documento = ${f.Id}`,
    );
    expect(Number(fila!.intentos)).toBe(1);
    expect(Number(fila!.no_antes_de)).toBeGreaterThan(reloj);
    const g = await emitir();
    const [nueva] = await t.database.query<{ retrasado: boolean }>(
      `select c.retrasado from verifactu_cola c join verifactu_registros r
        on r.empresa_id = c.empresa_id and r.id = c.id_registro where r.id_documento = ${g.Id}`,
    );
    expect(nueva!.retrasado).toBe(true);
    expect((await enviar()).motivo).toBe('reintento');
    reloj = Number(fila!.no_antes_de) + 1;
    await enviar();
    const ultima = sim.peticiones[sim.peticiones.length - 1]!;
    expect(ultima.incidencia).toBe('S');
    expect((await estadoDe(f.Id))[0]!.Estado).toBe('enviado');
    expect((await estadoDe(g.Id))[0]!.Estado).toBe('enviado');
    expect((await estadoEnvio(companyDirectory(t.deps).scope(empresaId))).incidencia).toBe(false);
  });

  it('one sender per company: a held lease makes others wait', async () => {
    reloj += 61_000;
    await emitir();
    expect(await tomarTurno(companyDirectory(t.deps).scope(empresaId), 'otro-proceso')).toBe(true);
    expect(await tomarTurno(companyDirectory(t.deps).scope(empresaId), 'tercero')).toBe(false);
    expect((await enviar()).motivo).toBe('ocupado');
    await soltarTurno(companyDirectory(t.deps).scope(empresaId), 'otro-proceso');
    const r = await enviar();
    expect(r.enviados).toBe(1);
  });

  it('the worker and "send now" route send what is pending', async () => {
    reloj += 61_000;
    const f = await emitir();
    const w = iniciarTrabajadorVerifactu(t.database, TEST_SECRET, { ca: certs.ca, ahora, intervaloMs: 3_600_000 });
    await w.pasada();
    await w.detener();
    expect((await estadoDe(f.Id))[0]!.Estado).toBe('enviado');
    // "Send now" through the API (the process trusts the simulator's CA through FARO_VERIFACTU_CA).
    process.env.FARO_VERIFACTU_CA = certs.ca;
    try {
      await t.database.query(
        `update verifactu_envio set estado = jsonb_set(estado, '{siguienteEnvio}', '0') where empresa_id = ${empresaId}`,
      );
      const g = await emitir();
      const res = await demo.request('POST', `${VF}/enviar`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.Enviados).toBe(1);
      expect((await estadoDe(g.Id))[0]!.Estado).toBe('enviado');
      const estado = await demo.request('GET', `${VF}/estado`);
      expect(estado.body.Cuentas.enviado).toBeGreaterThan(3);
      expect(estado.body.UltimoResultado.EstadoEnvio).toBe('Correcto');
    } finally {
      delete process.env.FARO_VERIFACTU_CA;
    }
    const check = await demo.request('GET', `${VF}/verificar`);
    expect(check.body.Valida).toBe(true);
  });

  it('at most 1,000 records per message; with 1,000 waiting, TiempoEsperaEnvio does not hold them back', async () => {
    reloj += 61_000;
    const [h] = (await t.database.db
      .select()
      .from(documentosVenta)
      .where(
        sql`${documentosVenta.empresaId} = ${empresaId} and ${documentosVenta.numero} is not null and ${documentosVenta.tipo} = 'factura'`,
      )
      .limit(1)) as (typeof documentosVenta.$inferSelect)[];
    await companyDirectory(t.deps)
      .scope(empresaId)
      .tx(async (tx) => {
        for (let i = 0; i < 1001; i++) {
          await registrarAlta(tx, { ...h!, numSerie: `M-${i}`, observaciones: 'Masivo' });
        }
      });
    const antes = sim.peticiones.length;
    const r = await enviar({ maxPasos: 1 });
    expect(r.pasos).toBe(1);
    expect(sim.peticiones[antes]!.registros).toBe(1000);
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int n from verifactu_cola where empresa_id = ${empresaId} and estado = 'generado'`,
    )) as [{ n: number }];
    expect(Number(n)).toBe(1);
    // One left: now the 60 s apply.
    expect((await enviar()).motivo).toBe('flujo');
  }, 120_000);
});
