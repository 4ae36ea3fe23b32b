import { MSG, MSG_DATOS } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { crear } from '../../../test/datosDemo.ts';
import { erroresDelFormulario } from '../../platform/http/respuesta.testkit.ts';

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');

const base = '/api/ventas/clientes';
const q = (filtros: Record<string, unknown>, extra = '') =>
  `${base}/list?Filtros=${encodeURIComponent(JSON.stringify(filtros))}${extra}`;

describe('customers', () => {
  it('refuses a wrong NIF letter and a wrong IBAN with the spec messages, then saves once fixed', async () => {
    const bad = await demo.request('POST', `${base}/save`, {
      Nombre: 'Papelería Central SL',
      NIF: '12345678A',
      IBAN: 'ES9121000418450200051331',
    });
    erroresDelFormulario(bad, [
      { Campo: 'NIF', Mensaje: MSG.taxIdLetter },
      { Campo: 'IBAN', Mensaje: MSG.iban },
    ]);
    const ok = await demo.request('POST', `${base}/save`, {
      Nombre: 'Papelería Central SL',
      NIF: '12345678z',
      IBAN: 'es91 2100 0418 4502 0005 1332',
      CodPostal: '28013',
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      NIF: '12345678Z',
      TipoNIF: 'nif',
      IBAN: 'ES9121000418450200051332',
      Provincia: '28',
      Pais: 'ES',
      RegimenIva: 'general',
      Codigo: '000013',
      Baja: false,
    });
    expect(ok.body.Avisos).toBeUndefined();
    expect(ok.body.IdFormaPago).toEqual(expect.any(Number)); // the company's default payment method
    const found = await demo.request('GET', q({ Buscar: 'papelería cent' }));
    expect(found.body.Items.map((r: { Id: number }) => r.Id)).toEqual([ok.body.Id]);
    const byNif = await demo.request('GET', q({ Buscar: '5678Z' }));
    expect(byNif.body.Items.map((r: { Id: number }) => r.Id)).toEqual([ok.body.Id]);
  });

  it('accepts EU VAT ids and foreign documents by type, checks the postal code against the province', async () => {
    const eu = await demo.request('POST', `${base}/save`, {
      Nombre: 'Dupont Outillage SARL',
      TipoNIF: 'nifiva',
      NIF: 'FR40303265045',
      Pais: 'fr',
      CodPostal: '75001',
      RegimenIva: 'intracomunitario',
    });
    expect(eu.status).toBe(201);
    expect(eu.body).toMatchObject({ Pais: 'FR', Provincia: null });
    const wrongProvince = await demo.request('POST', `${base}/save`, {
      Nombre: 'X',
      CodPostal: '28013',
      Provincia: '08',
    });
    expect(wrongProvince.body.Errores).toEqual([{ Campo: 'CodPostal', Mensaje: MSG_DATOS.postalCodeProvince }]);
    const badVat = await demo.request('POST', `${base}/save`, { Nombre: 'X', TipoNIF: 'nifiva', NIF: 'ESB85626241' });
    expect(badVat.body.Errores).toEqual([{ Campo: 'NIF', Mensaje: MSG.taxIdLetter }]);
  });

  it('warns about a duplicate NIF on save and in the check route, without refusing it', async () => {
    const existing = (await demo.request('GET', q({ Codigo: '000001' }))).body.Items[0];
    const dup = await demo.request('POST', `${base}/save`, { Nombre: 'Ruiz Obras (delegación)', NIF: existing.NIF });
    expect(dup.status).toBe(201);
    expect(dup.body.Avisos).toEqual([MSG_DATOS.duplicateTaxId('cliente', existing.NIF, `000001 ${existing.Nombre}`)]);
    const check = await demo.request('GET', `${base}/duplicados?NIF=${existing.NIF.toLowerCase()}&Id=${existing.Id}`);
    expect(check.body.Duplicados).toEqual([
      { Id: dup.body.Id, Codigo: dup.body.Codigo, Nombre: 'Ruiz Obras (delegación)' },
    ]);
    expect((await demo.request('GET', `${base}/duplicados?NIF=Z9999999R`)).body).toEqual({
      Duplicados: [],
      Aviso: null,
    });
  });

  it('checks contacts and shipping addresses, one default at most, and references of the company only', async () => {
    const two = await demo.request('POST', `${base}/save`, {
      Nombre: 'Envíos SL',
      DireccionesEnvio: [
        { Direccion: 'Calle A 1', CodPostal: '28001', Defecto: true },
        { Direccion: 'Calle B 2', CodPostal: '08001', Provincia: '28', Defecto: true },
      ],
      Contactos: [{ Nombre: '', Email: 'no-es-un-email' }],
    });
    erroresDelFormulario(two, [
      { Campo: 'DireccionesEnvio.1.CodPostal', Mensaje: MSG_DATOS.postalCodeProvince },
      { Campo: 'Contactos.0.Nombre', Mensaje: MSG.required('Nombre') },
      { Campo: 'Contactos.0.Email', Mensaje: MSG.format },
    ]);
    const noRef = await demo.request('POST', `${base}/save`, { Nombre: 'Sin tarifa', IdTarifa: 999999 });
    expect(noRef.body.Errores).toEqual([{ Campo: 'IdTarifa', Mensaje: MSG_DATOS.referenceMissing }]);
    const ok = await demo.request('POST', `${base}/save`, {
      Nombre: 'Envíos SL',
      DireccionesEnvio: [{ Direccion: 'Calle A 1', CodPostal: '28001' }],
    });
    expect(ok.body.DireccionesEnvio).toEqual([
      expect.objectContaining({ Direccion: 'Calle A 1', Provincia: '28', Pais: 'ES', Defecto: false }),
    ]);
  });

  it('keeps the customer on delete (Baja) and audits it', async () => {
    const c = await demo.request('POST', `${base}/save`, { Nombre: 'Cliente efímero' });
    expect((await demo.request('DELETE', `${base}/delete/${c.body.Id}`)).status).toBe(204);
    expect((await demo.request('GET', `${base}/edit/${c.body.Id}`)).body.Baja).toBe(true);
    const audit = await demo.request(
      'GET',
      `/api/usuarios/auditoria/list?Filtros=${encodeURIComponent(JSON.stringify({ Recurso: 'clientes', IdRegistro: c.body.Id }))}&Orden=Fecha`,
    );
    expect(audit.body.Items.map((a: { Accion: string }) => a.Accion)).toEqual(['A', 'D']);
  });
});

describe('potential customers', () => {
  it('converts a lead into a customer in one click, once', async () => {
    const idLead = await crear(demo, '/api/ventas/clientespot/save', {
      Nombre: 'Talleres Nuevos SL',
      NIF: 'B12345674',
      CodPostal: '41003',
      Email: 'info@talleres.test',
      Contactos: [{ Nombre: 'Ana', Cargo: 'Gerente' }],
      Origen: 'Feria',
    });
    const conv = await demo.request('POST', `/api/ventas/clientespot/convertir/${idLead}`);
    expect(conv.status).toBe(201);
    expect(conv.body.Cliente).toMatchObject({
      Nombre: 'Talleres Nuevos SL',
      NIF: 'B12345674',
      Provincia: '41',
      Email: 'info@talleres.test',
      Contactos: [{ Nombre: 'Ana', Cargo: 'Gerente', Email: null, Telefono: null }],
    });
    // The lead's code is kept when no customer has it; here one does, so the next free number is given.
    expect(conv.body.Cliente.Codigo).toMatch(/^\d{6}$/);
    const after = await demo.request('GET', `/api/ventas/clientespot/edit/${idLead}`);
    expect(after.body).toMatchObject({ IdCliente: conv.body.IdCliente, Baja: true });
    expect(after.body.FechaConversion).toEqual(expect.any(String));
    const again = await demo.request('POST', `/api/ventas/clientespot/convertir/${idLead}`);
    expect(again.status).toBe(400);
    expect(again.body.Mensaje).toBe(MSG_DATOS.alreadyConverted);
    expect((await demo.request('POST', '/api/ventas/clientespot/convertir/999999')).status).toBe(404);
  });

  it('needs level 2 on ConClientes to convert', async () => {
    const clerk = await t.as('empleado', 'DEMO'); // profile Comercial: ConClientes 3
    expect((await clerk.request('POST', '/api/ventas/clientespot/convertir/999999')).status).toBe(404);
  });
});

describe('suppliers', () => {
  it('creates a supplier with an automatic code and IRPF withholding', async () => {
    const s = await demo.request('POST', '/api/compras/proveedores/save', {
      Nombre: 'Asesores Fiscales SL',
      NIF: 'B64717838',
      Acreedor: true,
      RetencionIrpf: '15',
      CodPostal: '08001',
    });
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({ Codigo: '000006', RetencionIrpf: '15.00', Provincia: '08', Acreedor: true });
  });
});
