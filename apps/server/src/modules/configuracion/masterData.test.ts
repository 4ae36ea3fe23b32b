import { ENTITY_LIST, MSG, MSG_DATOS } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { multipartFile } from '../../../test/multipart.ts';
import { cuerpo } from '../../platform/http/respuesta.testkit.ts';

let empresaId = 0;
const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  empresaId = (await demo.request('GET', '/api/usuarios/usuario/infoempre')).body.IdEmpresa;
});

const LOGO = '/api/configuracion/empresa/logo';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const send = (name: string, bytes: Uint8Array, type = 'application/octet-stream') => {
  const f = multipartFile(name, bytes, type);
  return demo.request('POST', LOGO, f.body, f.headers);
};

describe('company logo upload', () => {
  it.each([
    ['logo.png', PNG, 'png'],
    ['logo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'jpg'],
    ['logo.pdf', Buffer.from('%PDF-1.4\n%...'), 'pdf'],
    ['disfrazado.txt', PNG, 'png'],
  ])('accepts %s by its content', async (name, bytes, type) => {
    const res = await send(name, bytes);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Logo: LOGO, Tipo: type, Tamano: bytes.length });
  });

  it.each([
    ['logo.gif', Buffer.from('GIF89a....')],
    ['logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>')],
    ['programa.exe', Buffer.from('MZ\x90\x00\x03')],
  ])('refuses %s with the spec message', async (name, bytes) => {
    const res = await send(name, bytes, 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toBe(MSG.fileType);
  });

  it('refuses a file over 1 MB with the spec message and a request with no file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const res = await send('enorme.png', big);
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toBe('El fichero es demasiado grande. El tamaño no debe de ser superior a 1MB');
    expect((await demo.request('POST', LOGO, {})).body.Mensaje).toBe(MSG.fileMissing);
  });

  it('serves the last logo as an attachment to the company members and removes it', async () => {
    await send('logo.png', PNG);
    const res = await t.app.inject({ method: 'GET', url: LOGO, headers: { authorization: `Bearer ${demo.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="logo.png"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
    expect((await demo.request('GET', `/api/configuracion/empresa/edit/${empresaId}`)).body.Logo).toBe(LOGO);
    const files = await t.database.query<{ n: number }>(
      'select count(*)::int as n from ficheros where empresa_id = $1',
      [empresaId],
    );
    expect(files[0]!.n).toBe(1);
    expect((await demo.request('DELETE', LOGO)).status).toBe(204);
    expect((await demo.request('GET', LOGO)).status).toBe(404);
  });
});

describe('company data and configuration', () => {
  it('edits the company data, DatosEmpresa and PolDevoluciones included, audited', async () => {
    const before = (await demo.request('GET', `/api/configuracion/empresa/edit/${empresaId}`)).body;
    expect(before).toMatchObject({ Codigo: 'DEMO', NIF: 'B85626240', Provincia: '28', Tributacion: 'peninsula' });
    const res = await demo.request('PUT', `/api/configuracion/empresa/save/${empresaId}`, {
      ...before,
      DatosEmpresa: 'Comercial Demo SL\nCalle de Alcalá 120\n28009 Madrid',
      PolDevoluciones: 'Devoluciones en 30 días con el ticket.',
      NIF: 'B85626241',
    });
    expect(res.body.Errores).toEqual([{ Campo: 'NIF', Mensaje: MSG.taxIdLetter }]);
    const ok = await demo.request('PUT', `/api/configuracion/empresa/save/${empresaId}`, {
      ...before,
      DatosEmpresa: 'Comercial Demo SL\nCalle de Alcalá 120\n28009 Madrid',
      PolDevoluciones: 'Devoluciones en 30 días con el ticket.',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.DatosEmpresa).toContain('\n28009 Madrid');
    const footer = await demo.request('GET', '/api/usuarios/usuario/infoempre');
    expect(footer.body.NIF).toBe('B85626240');
    expect((await demo.request('POST', '/api/configuracion/empresa/save', before)).status).toBe(400);
    expect((await demo.request('DELETE', `/api/configuracion/empresa/delete/${empresaId}`)).status).toBe(400);
  });

  it('keeps one configuration row per company with the VentasTxtLibre texts and defaults', async () => {
    const list = await demo.request('GET', '/api/configuracion/configura/list');
    expect(list.body.Total).toBe(1);
    const conf = list.body.Items[0];
    expect(conf.VentasTxtLibre1).toBe('Portes pagados en pedidos superiores a 300 €');
    const second = await demo.request('POST', '/api/configuracion/configura/save', { VentasTxtLibre1: 'otra' });
    expect(second.body.Mensaje).toBe(MSG_DATOS.singleton('La configuración de la empresa'));
    const upd = await demo.request('PUT', `/api/configuracion/configura/save/${conf.Id}`, {
      ...conf,
      VentasTxtLibre3: 'Precios sin IVA',
    });
    expect(upd.body.VentasTxtLibre3).toBe('Precios sin IVA');
    expect((await demo.request('DELETE', `/api/configuracion/configura/delete/${conf.Id}`)).status).toBe(400);
    // A company without a row gets one on first read.
    const other = await t.as('demo', 'DEMO2');
    expect((await other.request('GET', '/api/configuracion/configura/list')).body.Total).toBe(1);
  });

  const serie = (Codigo: string, Descripcion: string, TipoDocumento: string, extra: Record<string, unknown> = {}) =>
    demo.request('POST', '/api/configuracion/series/save', { Codigo, Descripcion, TipoDocumento, ...extra });
  it('numbers with one default series per document kind and unique codes per kind', async () => {
    const dup = await serie('F', 'Otra de facturas', 'factura');
    expect(dup.body.Errores).toEqual([{ Campo: 'Codigo', Mensaje: MSG_DATOS.seriesCode }]);
    const second = await serie('F2', 'Facturas tienda', 'factura', { Defecto: true });
    expect(second.body.Errores).toEqual([{ Campo: 'Defecto', Mensaje: MSG_DATOS.seriesDefault }]);
    const sameCodeOtherKind = await serie('F', 'Pedidos F', 'pedidocompra');
    expect(sameCodeOtherKind.status).toBe(201);
  });

  it('seeds the VAT types of the company regime, with the surcharge', async () => {
    const res = await demo.request('GET', '/api/configuracion/tiposiva/list?Orden=PorcentajeIva&Descendente=true');
    expect(
      res.body.Items.slice(0, 3).map((r: Record<string, unknown>) => [r.Valor, r.PorcentajeIva, r.PorcentajeRecargo]),
    ).toEqual([
      ['IVA21', '21.00', '5.20'],
      ['IVA10', '10.00', '1.40'],
      ['IVA4', '4.00', '0.50'],
    ]);
  });

  it('keeps only formatting HTML in e-mail templates', async () => {
    const res = await demo.request('POST', '/api/comunicaciones/plantemail/save', {
      Nombre: 'Bienvenida',
      Tipo: 'bienvenida',
      Asunto: 'Hola',
      Cuerpo:
        '<p onclick="robar()">Hola <b>{Nombre}</b></p><script>robar()</script><img src="data:image/png;base64,AA">',
    });
    expect(res.body.Cuerpo).toBe('<p>Hola <b>{Nombre}</b></p><img>');
  });

  it('asks bank accounts for a valid IBAN', async () => {
    const res = await demo.request('POST', '/api/tesoreria/tesoreria/save', {
      Codigo: 'B9',
      Nombre: 'Banco',
      Tipo: 'banco',
    });
    expect(res.body.Errores).toEqual([{ Campo: 'IBAN', Mensaje: MSG_DATOS.ibanRequired }]);
  });

  it('gates sales reps by their module', async () => {
    const other = await t.as('demo', 'DEMO2');
    const res = await other.request('GET', '/api/rrhh/comerciales/list');
    expect(res.status).toBe(403);
    expect((await demo.request('GET', '/api/rrhh/comerciales/list')).body.Total).toBe(2);
  });
});

describe('the company flag DireccionEnvioDefecto', () => {
  it('makes the first shipping address of a contact the default unless one is marked, only while it is on', async () => {
    const empresa = `/api/configuracion/empresa/save/${empresaId}`;
    const before = (await demo.request('GET', `/api/configuracion/empresa/edit/${empresaId}`)).body;
    const flag = async (on: boolean) => {
      const res = await demo.request('PUT', empresa, { ...before, DireccionEnvioDefecto: on });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.DireccionEnvioDefecto).toBe(on);
    };
    const direcciones = [
      { Direccion: 'Calle A 1', CodPostal: '28001' },
      { Direccion: 'Calle B 2', CodPostal: '08001' },
    ];
    /** A new customer with these shipping addresses: which of them came out as the default. */
    const defectosAlCrear = async (Nombre: string, DireccionesEnvio: unknown[]) => {
      const cliente = cuerpo(
        await demo.request('POST', '/api/ventas/clientes/save', { Nombre, DireccionesEnvio }),
        201,
      );
      return cliente.DireccionesEnvio.map((d: { Defecto: boolean }) => d.Defecto);
    };
    try {
      await flag(true);
      expect(await defectosAlCrear('Envíos por defecto SL', direcciones)).toEqual([true, false]);
      const marcadas = [direcciones[0], { ...direcciones[1], Defecto: true }];
      expect(await defectosAlCrear('Envío marcado SL', marcadas)).toEqual([false, true]);
      await flag(false);
      expect(await defectosAlCrear('Envíos sin defecto SL', direcciones)).toEqual([false, false]);
    } finally {
      await demo.request('PUT', empresa, before);
    }
  });
});

describe('the demo master data', () => {
  it.each(['DEMO', 'ACADEMIA', 'AUTOESCUELA'])(
    'of %s passes every rule of its entity (saved back unchanged)',
    async (codigo) => {
      const owner = await t.as(codigo === 'DEMO' ? 'demo' : codigo.toLowerCase(), codigo);
      // Entities of the academy / driving-school routes have demo rows in the companies of those account types only.
      const tipoCuenta = (await owner.request('GET', '/api/usuarios/usuario/infoempre')).body.TipoCuenta;
      const wrong: string[] = [];
      for (const entity of ENTITY_LIST.filter(
        (e) =>
          !e.readOnly &&
          !['usuarios', 'roles', 'centros'].includes(e.name) &&
          (!e.nav?.accountTypes || e.nav.accountTypes.includes(tipoCuenta)),
      )) {
        const base = `/api/${entity.area}/${entity.name}`;
        const list = await owner.request('GET', `${base}/list?TotalPagina=200`);
        expect(list.status, base).toBe(200);
        if (!list.body.Items.length) wrong.push(`${base}: no demo rows`);
        for (const row of list.body.Items) {
          const res = await owner.request('PUT', `${base}/save/${row.Id}`, row);
          if (res.status !== 200) wrong.push(`${base}/${row.Id}: ${JSON.stringify(res.body)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
