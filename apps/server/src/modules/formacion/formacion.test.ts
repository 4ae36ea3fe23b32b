import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { multipartFile } from '../../../test/multipart.ts';
import type { Session } from '../../../test/testApp.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { procesarEmpresa } from '../comunicaciones/cola.ts';
import { generarCargosMensuales } from './cargos.ts';

/**
 * The academy on the DEMO ACADEMIA: timetable clashes, attendance, monthly charges (idempotent),
 * charges → one invoice per payer with exempt teaching and taxable material → balance, and the portal's isolation
 * per person (a student sees only their file, a tutor only their children).
 */
let empresaId: number;

const filas = async (q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

const t = appDePruebas();
const oficina = t.sesion('academia', 'ACADEMIA');
const alumno = t.sesion('alumno', 'ACADEMIA');
const tutor = t.sesion('tutor', 'ACADEMIA');
const profesor = t.sesion('profesor', 'ACADEMIA');
beforeAll(async () => {
  empresaId = Number((await filas(sql`select id from empresas where codigo = 'ACADEMIA'`))[0]!.id);
});

const lista = async (s: Session, path: string, filtros?: Record<string, unknown>) => {
  const q = filtros ? `?TotalPagina=200&Filtros=${encodeURIComponent(JSON.stringify(filtros))}` : '?TotalPagina=200';
  const r = await s.request('GET', `/api/formacion/${path}/list${q}`);
  expect(r.status).toBe(200);
  return r.body.Items as Record<string, unknown>[];
};

describe('student file', () => {
  it('assigns the enrolment and student codes from the counters and checks the DNI letter and minors', async () => {
    // An adult student but for what each case changes.
    const guardar = (cambios: Record<string, unknown>) =>
      oficina.request('POST', '/api/formacion/alumnos/save', {
        Nombre: 'Ana',
        Apellidos: 'Prueba',
        FechaNacimiento: '1990-01-01',
        Estado: 'activo',
        ...cambios,
      });
    const malo = await guardar({ NIF: '12345678A' });
    expect(malo.status).toBe(400);
    expect(malo.body.Errores.map((e: { Campo: string }) => e.Campo)).toContain('NIF');
    const menor = await guardar({ Nombre: 'Leo', FechaNacimiento: `${new Date().getFullYear() - 10}-01-01` });
    expect(menor.status).toBe(400);
    expect(menor.body.Errores).toContainEqual({
      Campo: 'IdTutor',
      Mensaje: 'Un alumno menor de edad necesita un tutor',
    });
    const ok = await guardar({ NIF: '12345678Z' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ CodMatricula: 'MAT-0013', CodAlumno: 'ALU-0013' });
  });
});

describe('timetable', () => {
  it('refuses a session that clashes with the teacher, the room or a student, in Spanish', async () => {
    const [ingles] = await lista(oficina, 'cursos', { Codigo: 'ING-B2' });
    const [ofi] = await lista(oficina, 'cursos', { Codigo: 'OFI-AV' });
    const [aula2] = await lista(oficina, 'aulas', { Codigo: 'A2' });
    const [p1] = await lista(oficina, 'profesores', { Codigo: 'P1' });
    // Monday 17:00–18:30 is English group A with teacher P1 in room A1.
    const choque = await oficina.request('POST', '/api/formacion/horarios/save', {
      IdCurso: ofi!.Id,
      Grupo: 'Tarde',
      DiaSemana: '1',
      HoraInicio: '18:00',
      HoraFin: '19:00',
      IdProfesor: p1!.Id,
      IdAula: aula2!.Id,
    });
    expect(choque.status).toBe(400);
    const mensajes = choque.body.Errores as { Campo: string; Mensaje: string }[];
    expect(mensajes.find((e) => e.Campo === 'IdProfesor')?.Mensaje).toBe(
      'El profesor Laura Gil Romero ya tiene clase el lunes de 18:00 a 19:00',
    );
    // Students 6–8 attend both courses: a student clash too.
    expect(mensajes.find((e) => e.Campo === 'IdCurso')?.Mensaje).toMatch(/^El alumno .+ ya tiene clase el lunes/);
    const horaMal = await oficina.request('POST', '/api/formacion/horarios/save', {
      IdCurso: ingles!.Id,
      DiaSemana: '5',
      HoraInicio: '19:00',
      HoraFin: '18:00',
    });
    expect(horaMal.body.Errores).toEqual([
      { Campo: 'HoraFin', Mensaje: 'La hora de fin debe ser posterior a la de inicio' },
    ]);
    const libre = await oficina.request('POST', '/api/formacion/horarios/save', {
      IdCurso: ingles!.Id,
      Grupo: 'A',
      DiaSemana: '5',
      HoraInicio: '17:00',
      HoraFin: '18:00',
      IdProfesor: p1!.Id,
      IdAula: aula2!.Id,
    });
    expect(libre.status).toBe(201);
    const semana = await oficina.request('GET', '/api/formacion/horario/semana');
    expect(semana.body.Sesiones.some((s: { Id: number }) => s.Id === libre.body.Id)).toBe(true);
  });

  it('lets the teacher take attendance of their own session and mails the tutor on an absence', async () => {
    const mio = await profesor.request('GET', '/api/formacion/horario/mio');
    expect(mio.status).toBe(200);
    const sesion = mio.body.Sesiones[0] as { Id: number; Curso: string };
    expect(sesion.Curso).toBe('Inglés B2');
    const hoja = await profesor.request('GET', `/api/formacion/asistencia/${sesion.Id}?fecha=2099-01-05`);
    expect(hoja.status).toBe(200);
    const lucia = (hoja.body.Alumnos as { IdAlumno: number; Nombre: string }[]).find((a) =>
      a.Nombre.startsWith('Lucía'),
    )!;
    const antes = Number(
      (await filas(sql`select count(*)::int as n from correos_salida where para = 'tutor@faro.local'`))[0]?.n ?? 0,
    );
    const marca = await profesor.request('PUT', `/api/formacion/asistencia/${sesion.Id}`, {
      Fecha: '2099-01-05',
      IdAlumno: lucia.IdAlumno,
      Estado: 'f',
    });
    expect(marca.status).toBe(200);
    const despues = Number(
      (await filas(sql`select count(*)::int as n from correos_salida where para = 'tutor@faro.local'`))[0]?.n ?? 0,
    );
    expect(despues).toBe(antes + 1);
    const mal = await profesor.request('PUT', `/api/formacion/asistencia/${sesion.Id}`, {
      Fecha: '2099-01-05',
      IdAlumno: lucia.IdAlumno,
      Estado: 'x',
    });
    expect(mal.status).toBe(400);
    // Another teacher's session (office skills) is not theirs.
    const semana = await oficina.request('GET', '/api/formacion/horario/semana');
    const ajena = (semana.body.Sesiones as { Id: number; Curso: string }[]).find(
      (s) => s.Curso === 'Ofimática avanzada',
    )!;
    expect((await profesor.request('GET', `/api/formacion/asistencia/${ajena.Id}`)).status).toBe(403);
    // Marks: the teacher's own course (Inglés B2) yes, another course's no.
    const suyas = mio.body.Sesiones[0] as { IdCurso: number };
    const notas = await profesor.request('GET', `/api/formacion/evaluacion/${suyas.IdCurso}`);
    expect(notas.status).toBe(200);
    expect(notas.body.Items.map((i: { Nombre: string }) => i.Nombre)).toEqual(['Examen escrito', 'Expresión oral']);
    const otra = (semana.body.Sesiones as { IdCurso: number; Curso: string }[]).find(
      (s) => s.Curso === 'Ofimática avanzada',
    )!;
    expect((await profesor.request('GET', `/api/formacion/evaluacion/${otra.IdCurso}`)).status).toBe(403);
  });
});

describe('SMS to tutors', () => {
  it('an absence queues an SMS to each tutor with a phone when the academy has a gateway, sent by the queue', async () => {
    const hoja = await oficina.request('GET', '/api/formacion/horario/semana');
    const sesion = (hoja.body.Sesiones as { Id: number; Curso: string }[]).find((x) => x.Curso === 'Inglés B2')!;
    const lista = await oficina.request('GET', `/api/formacion/asistencia/${sesion.Id}?fecha=2099-02-02`);
    const lucia = (lista.body.Alumnos as { IdAlumno: number; Nombre: string }[]).find((a) =>
      a.Nombre.startsWith('Lucía'),
    )!;
    await t.database.db.execute(
      sql`update tutores set telefono = '600111222' where empresa_id = ${empresaId} and email = 'tutor@faro.local'`,
    );
    const sms = () =>
      filas(sql`select destino, texto, estado from mk_mensajes where empresa_id = ${empresaId} and canal = 'sms'
        and destino = '600111222' order by id`);
    const falta = (fecha: string) =>
      oficina.request('PUT', `/api/formacion/asistencia/${sesion.Id}`, {
        Fecha: fecha,
        IdAlumno: lucia.IdAlumno,
        Estado: 'f',
      });
    // No gateway configured: the mail only.
    expect((await falta('2099-02-02')).status).toBe(200);
    expect(await sms()).toEqual([]);
    await t.database.db.execute(
      sql`insert into mk_config (empresa_id, sms_url) values (${empresaId}, 'http://127.0.0.1:9/sms')
        on conflict (empresa_id) do update set sms_url = excluded.sms_url`,
    );
    expect((await falta('2099-02-09')).status).toBe(200);
    const cola = await sms();
    expect(cola).toHaveLength(1);
    expect(cola[0]!.texto).toBe('Lucía no ha asistido hoy 09/02/2099 a Inglés B2 (17:00).');
    // The marketing queue sends it (a stand-in gateway here) and marks it sent.
    const enviados: { para: string; texto: string }[] = [];
    const [ok] = await procesarEmpresa(companyDirectory(t.deps).scope(empresaId), {
      secret: 'x',
      remitente: 'academia@faro.local',
      publicUrl: 'http://localhost',
      transportes: { sms: { enviar: async (e) => void enviados.push({ para: e.para, texto: e.texto }) } },
    });
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(enviados).toContainEqual({ para: '600111222', texto: cola[0]!.texto });
    expect((await sms())[0]!.estado).toBe(2);
  });
});

describe('monthly charges and invoicing', () => {
  it('generates a month once (a second run inserts nothing) and pro-rates a late start', async () => {
    const scope = companyDirectory(t.deps).scope(empresaId);
    const primera = await generarCargosMensuales(scope, '2099-03');
    expect(primera).toBeGreaterThan(0);
    expect(await generarCargosMensuales(scope, '2099-03')).toBe(0);
    const [fila] = (await filas(
      sql`select count(*)::int as n from cargos where empresa_id = ${empresaId} and periodo = '2099-03' and modo = 'mensual'`,
    )) as { n: number }[];
    expect(fila?.n).toBe(primera);
    // The route answers the same: nothing new.
    const otra = await oficina.request('POST', '/api/formacion/cargos/generar', { Periodo: '2099-03' });
    expect(otra.body).toEqual({ Periodo: '2099-03', Generados: 0 });
    // A student starting on the 16th of a 30-day month with pro-rating pays 15/30 of 85 €.
    const [ana] = await lista(oficina, 'alumnos', { CodAlumno: 'ALU-0013' });
    const [ingles] = await lista(oficina, 'cursos', { Codigo: 'ING-B2' });
    const alta = await oficina.request('POST', '/api/formacion/cursando/save', {
      IdAlumno: ana!.Id,
      IdCurso: ingles!.Id,
      FechaAlta: '2099-04-16',
      Prorratear: true,
    });
    expect(alta.status).toBe(201);
    await generarCargosMensuales(scope, '2099-04');
    const suyos = await lista(oficina, 'cargos', { IdAlumno: ana!.Id, Periodo: '2099-04' });
    expect(suyos.map((c) => c.Importe)).toEqual(['42.50']);
    expect(await oficina.request('POST', '/api/formacion/cargos/generar', { Periodo: '2099-13' })).toMatchObject({
      status: 400,
    });
  });

  it('a run that dies mid-way charges nothing, and two runs at once charge each enrolment once', async () => {
    const dir = companyDirectory(t.deps);
    const contar = async () =>
      (
        (await filas(
          sql`select count(*)::int as n, count(distinct id_cursando)::int as d from cargos where empresa_id = ${empresaId} and periodo = '2099-08' and modo = 'mensual'`,
        )) as { n: number; d: number }[]
      )[0]!;
    // What kill -9 of the job's process leaves behind: its statement ran, its transaction never committed.
    await expect(
      dir.scope(empresaId).tx(async (tx) => {
        expect(await generarCargosMensuales(tx, '2099-08')).toBeGreaterThan(0);
        throw new Error('kill -9');
      }),
    ).rejects.toThrow('kill -9');
    expect((await contar()).n).toBe(0);
    // The restarted job and a manual run at the same time: every enrolment charged once.
    const [a, b] = await Promise.all([
      generarCargosMensuales(dir.scope(empresaId), '2099-08'),
      generarCargosMensuales(dir.scope(empresaId), '2099-08'),
    ]);
    const despues = await contar();
    expect(a + b).toBe(despues.n);
    expect(despues.n).toBeGreaterThan(0);
    expect(despues.d).toBe(despues.n);
  });

  it('takes off the tariff discounts for siblings and for several courses', async () => {
    const scope = companyDirectory(t.deps).scope(empresaId);
    // Hugo and Irene (ALU-0004/5) are siblings with their mother Carmen as tutor; both already attend a course.
    const [hugo] = await lista(oficina, 'alumnos', { CodAlumno: 'ALU-0004' });
    const [irene] = await lista(oficina, 'alumnos', { CodAlumno: 'ALU-0005' });
    const [ingles] = await lista(oficina, 'cursos', { Codigo: 'ING-B2' });
    const tarifa = await oficina.request('POST', '/api/formacion/tarifascurso/save', {
      Nombre: 'Mensualidad con descuentos',
      IdCurso: ingles!.Id,
      Tipo: 'mensual',
      Importe: '100.00',
      DescuentoHermanos: '10',
      DescuentoVariosCursos: '20',
    });
    expect(tarifa.status).toBe(201);
    const alta = async (idAlumno: unknown) => {
      const r = await oficina.request('POST', '/api/formacion/cursando/save', {
        IdAlumno: idAlumno,
        IdCurso: ingles!.Id,
        Grupo: 'Descuentos',
        IdTarifa: tarifa.body.Id,
        FechaAlta: '2099-06-01',
      });
      expect(r.status).toBe(201);
      return r.body.Id as number;
    };
    const deHugo = await alta(hugo!.Id);
    const deIrene = await alta(irene!.Id);
    await generarCargosMensuales(scope, '2099-06');
    const cargo = async (idAlumno: unknown, idCursando: number) =>
      (await lista(oficina, 'cargos', { IdAlumno: idAlumno, Periodo: '2099-06' })).find(
        (c) => c.IdCursando === idCursando,
      )!;
    // Hugo: his second course this month → 100 − 20 %. Irene: also the younger sibling → 100 − 10 % − 20 %.
    const h = await cargo(hugo!.Id, deHugo);
    expect(h.Importe).toBe('80.00');
    expect(h.Concepto).toContain('dto. varios cursos 20 %');
    expect(h.Concepto).not.toContain('hermanos');
    const i = await cargo(irene!.Id, deIrene);
    expect(i.Importe).toBe('72.00');
    expect(i.Concepto).toContain('dto. hermanos 10 %');
  });

  it('invoices the pending charges: one invoice per payer, exempt teaching and taxable material, then the balance', async () => {
    const [hugo] = await lista(oficina, 'alumnos', { CodAlumno: 'ALU-0004' });
    const [irene] = await lista(oficina, 'alumnos', { CodAlumno: 'ALU-0005' });
    const hoy = new Date().toISOString().slice(0, 10);
    const libro = await oficina.request('POST', '/api/formacion/cargos/save', {
      IdAlumno: hugo!.Id,
      Fecha: hoy,
      Modo: 'manual',
      Concepto: 'Material de informática',
      Importe: '15.00',
      TipoIva: 'IVA21',
    });
    expect(libro.status).toBe(201);
    expect(libro.body.Periodo).toBe(hoy.slice(0, 7));
    const r = await oficina.request('POST', '/api/formacion/factcobros/facturar', {
      Hasta: hoy,
      Alumnos: [hugo!.Id, irene!.Id],
    });
    expect(r.status).toBe(200);
    expect(r.body.Errores).toEqual([]);
    // Both siblings are paid by their mother: one invoice.
    expect(r.body.Facturas).toHaveLength(1);
    const factura = r.body.Facturas[0] as { IdFactura: number; Total: string };
    const lineas = await filas(
      sql`select tipo_iva from documentos_venta_lineas where empresa_id = ${empresaId} and id_documento = ${factura.IdFactura}`,
    );
    expect(new Set(lineas.map((l) => l.tipo_iva))).toEqual(new Set(['EXENTO', 'IVA21']));
    const [cab] = await filas(
      sql`select num_serie, id_forma_pago, total_iva from documentos_venta where empresa_id = ${empresaId} and id = ${factura.IdFactura}`,
    );
    expect(cab!.num_serie).toBeTruthy();
    expect(Number(cab!.total_iva)).toBeCloseTo(3.15, 2);
    const [fp] = await filas(
      sql`select medio from fpago where empresa_id = ${empresaId} and id = ${cab!.id_forma_pago}`,
    );
    expect(fp!.medio).toBe('domiciliacion');
    // Invoiced charges are locked; a second run has nothing for them.
    expect((await oficina.request('DELETE', `/api/formacion/cargos/delete/${libro.body.Id}`)).status).toBe(400);
    const otra = await oficina.request('POST', '/api/formacion/factcobros/facturar', {
      Hasta: hoy,
      Alumnos: [hugo!.Id],
    });
    expect(otra.status).toBe(400);
    const saldos = await oficina.request('GET', '/api/formacion/factcobros/saldos');
    const suyo = (saldos.body.Items as { Cliente: string; Pendiente: string }[]).find((s) =>
      s.Cliente.startsWith('Carmen Serrano'),
    );
    expect(Number(suyo?.Pendiente)).toBeGreaterThanOrEqual(Number(factura.Total));
    idFacturaCarmen = factura.IdFactura;
    totalCarmen = Number(factura.Total);
  });

  it("files the payer's SEPA mandate, collects the invoice in a batch and sees the return on the balance", async () => {
    const pendiente = async () =>
      Number(
        ((await oficina.request('GET', '/api/formacion/factcobros/saldos')).body.Items as Saldo[]).find((s) =>
          s.Cliente.startsWith('Carmen Serrano'),
        )?.Pendiente ?? 0,
      );
    // The invoicing filed the mother's mandate in treasury's mandates (her IBAN, the file's signing date).
    const recibos = await oficina.request('GET', '/api/tesoreria/remesas/recibos');
    expect(recibos.status).toBe(200);
    const recibo = (recibos.body.Items as Recibo[]).find((r) => r.IdFactura === idFacturaCarmen)!;
    expect(recibo).toMatchObject({ IBAN: 'ES6000491500051234567892', Problema: null });
    expect(recibo.MandatoRef).toMatch(/^ACA-\d+-1$/);
    const cuentas = await oficina.request('GET', '/api/tesoreria/tesoreria/list?TotalPagina=200');
    const banco = (cuentas.body.Items as { Id: number; Tipo: string; IBAN: string | null }[]).find(
      (c) => c.Tipo === 'banco' && c.IBAN,
    )!;
    const remesa = await oficina.request('POST', '/api/tesoreria/remesas/save', {
      IdTesoreria: banco.Id,
      Fecha: '2099-07-01',
      Recibos: [{ IdFactura: recibo.IdFactura, Plazo: recibo.Plazo }],
    });
    expect(remesa.status).toBe(201);
    const fichero = await oficina.request('GET', `/api/tesoreria/remesas/fichero/${remesa.body.Id}`);
    expect(fichero.status).toBe(200);
    expect(String(fichero.body)).toContain('ES6000491500051234567892');
    const antes = await pendiente();
    expect((await oficina.request('POST', `/api/tesoreria/remesas/enviar/${remesa.body.Id}`)).status).toBe(200);
    expect(await pendiente()).toBeCloseTo(antes - totalCarmen, 2);
    // The bank returns it (AM04, insufficient funds): the invoice is pending again on the payer's balance.
    const lineas = (await oficina.request('GET', `/api/tesoreria/remesas/edit/${remesa.body.Id}`)).body.Recibos as {
      Id: number;
    }[];
    const devuelto = await oficina.request('POST', `/api/tesoreria/remesas/devolver/${lineas[0]!.Id}`, {
      Motivo: 'AM04',
      Fecha: '2099-07-05',
    });
    expect(devuelto.status).toBe(200);
    expect(await pendiente()).toBeCloseTo(antes, 2);
  });
});

interface Saldo {
  Cliente: string;
  Pendiente: string;
}
interface Recibo {
  IdFactura: number;
  Plazo: number;
  IBAN: string | null;
  MandatoRef: string | null;
  Problema: string | null;
}
let idFacturaCarmen = 0;
let totalCarmen = 0;

describe('portal: per person', () => {
  it('a student sees only their own file; a tutor only their children, with their invoices', async () => {
    const mias = await alumno.request('GET', '/api/formacion/portal/matriculas');
    expect(mias.status).toBe(200);
    expect(mias.body.Items.map((a: { Nombre: string }) => a.Nombre)).toEqual(['Lucía']);
    const hijos = await tutor.request('GET', '/api/formacion/portal/matriculas');
    expect(hijos.body.Items.map((a: { Nombre: string }) => a.Nombre).sort()).toEqual(['Lucía', 'Pablo']);
    // Another family's student (Hugo) through the spec's path: not found for both.
    const [hugo] = await lista(oficina, 'alumnos', { CodAlumno: 'ALU-0004' });
    expect((await alumno.request('GET', `/api/portalalu/principal/edit/${hugo!.Id}`)).status).toBe(404);
    expect((await tutor.request('GET', `/api/portalalu/principal/edit/${hugo!.Id}`)).status).toBe(404);
    const lucia = mias.body.Items[0] as { Id: number };
    expect((await tutor.request('GET', `/api/portalalu/principal/edit/${lucia.Id}`)).body.Nombre).toBe('Lucía');
    // The tutor pays: their invoices (the DEMO invoiced last month) and PDF; the student (paid for) sees none.
    const facturas = await tutor.request('GET', '/api/formacion/portal/facturas');
    expect(facturas.body.Items.length).toBeGreaterThan(0);
    expect(facturas.body.Items.every((f: { Cliente: string }) => f.Cliente.startsWith('Marta López'))).toBe(true);
    const pdf = await tutor.request('GET', `/api/formacion/portal/facturas/${facturas.body.Items[0].Id}/pdf`);
    expect(pdf.status).toBe(200);
    expect((await alumno.request('GET', '/api/formacion/portal/facturas')).body.Items).toEqual([]);
    expect(
      (await alumno.request('GET', `/api/formacion/portal/facturas/${facturas.body.Items[0].Id}/pdf`)).status,
    ).toBe(404);
    const saldo = await tutor.request('GET', '/api/formacion/portal/saldo');
    expect(saldo.body.Saldos).toHaveLength(1);
    const empresa = await alumno.request('GET', '/api/portalalu/principal/datosempresa');
    expect(empresa.body.DatosEmpresa).toContain('Academia Demo');
  });

  it("documents: the family uploads to the student's folder, the academy shares there, each person sees only theirs", async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const hijos = (await tutor.request('GET', '/api/formacion/portal/matriculas')).body.Items as {
      Id: number;
      Nombre: string;
    }[];
    const lucia = hijos.find((a) => a.Nombre === 'Lucía')!;
    const pablo = hijos.find((a) => a.Nombre === 'Pablo')!;
    const subir = (s: Session, id: number, nombre: string, datos: Buffer | string) => {
      const m = multipartFile(nombre, datos, 'application/pdf', 'file');
      return s.request('POST', `/api/formacion/portal/documentos/${id}`, m.body, m.headers);
    };
    const justificante = await subir(tutor, lucia.Id, 'justificante-medico.pdf', pdf);
    expect(justificante.status, JSON.stringify(justificante.body)).toBe(201);
    expect(justificante.body).toMatchObject({ Nombre: 'justificante-medico.pdf', Tipo: 'pdf', IdAlumno: lucia.Id });
    const dePablo = await subir(tutor, pablo.Id, 'dni-pablo.pdf', pdf);
    expect(dePablo.status).toBe(201);
    // The spec's file rules, in Spanish.
    const txt = await subir(tutor, lucia.Id, 'nota.txt', 'hola');
    expect(txt.status).toBe(400);
    expect(txt.body.Mensaje).toBe(
      'Tipo de fichero no admitido. Sólo se permiten imágenes (jpg, png) y ficheros en formato pdf',
    );
    // The academy finds it in the document manager, in the student's folder, and shares a document there.
    const gd = (filtros: Record<string, unknown>) =>
      oficina.request(
        'GET',
        `/api/configuracion/gestordoc/list?Filtros=${encodeURIComponent(JSON.stringify(filtros))}`,
      );
    const raiz = (await gd({})).body.Carpetas.find((c: { Nombre: string }) => c.Nombre === 'Alumnos');
    expect(raiz).toBeTruthy();
    const carpetas = (await gd({ IdCarpeta: raiz.Id })).body.Carpetas as { Id: number; Nombre: string }[];
    const deLucia = carpetas.find((c) => c.Nombre.includes('Lucía'))!;
    expect(deLucia.Nombre).toMatch(/^ALU-\d{4} · Lucía/);
    expect((await gd({ IdCarpeta: deLucia.Id })).body.Items.map((x: { Nombre: string }) => x.Nombre)).toEqual([
      'justificante-medico.pdf',
    ]);
    const m = multipartFile('normas-curso.pdf', pdf, 'application/pdf', 'file');
    const compartido = await oficina.request(
      'POST',
      `/api/configuracion/gestordoc/subir?IdCarpeta=${deLucia.Id}`,
      m.body,
      m.headers,
    );
    expect(compartido.status, JSON.stringify(compartido.body)).toBe(201);
    // The student sees her folder's two; the tutor sees both children's; neither sees another family's.
    const suyos = await alumno.request('GET', '/api/formacion/portal/documentos');
    expect(suyos.body.Items.map((x: { Nombre: string }) => x.Nombre).sort()).toEqual([
      'justificante-medico.pdf',
      'normas-curso.pdf',
    ]);
    const delTutor = await tutor.request('GET', '/api/formacion/portal/documentos');
    expect(delTutor.body.Items).toHaveLength(3);
    const bajada = await alumno.request('GET', `/api/formacion/portal/documentos/${compartido.body.Id}/descargar`);
    expect(bajada.status).toBe(200);
    expect(bajada.headers['content-type']).toBe('application/pdf');
    expect((await alumno.request('GET', `/api/formacion/portal/documentos/${dePablo.body.Id}/descargar`)).status).toBe(
      404,
    );
    expect((await subir(alumno, pablo.Id, 'x.pdf', pdf)).status).toBe(404);
    const [hugo] = await lista(oficina, 'alumnos', { CodAlumno: 'ALU-0004' });
    expect((await subir(tutor, Number(hugo!.Id), 'x.pdf', pdf)).status).toBe(404);
  });

  it('the public form lists the academy courses and files a pending online enrolment', async () => {
    const datos = await t.app.inject({
      method: 'GET',
      url: '/api/portalalu/matonline/datosacademia?academia=ACADEMIA',
    });
    expect(datos.statusCode).toBe(200);
    const cursos = datos.json().Cursos as { Id: number; Nombre: string }[];
    expect(cursos.map((c) => c.Nombre)).toContain('Inglés B2');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/portalalu/matonline/datosacademia?academia=DEMO' })).statusCode,
    ).toBe(404);
  });
});
