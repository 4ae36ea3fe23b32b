import { codificarQr } from '@faro/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/render.tsx';
import { abrirConfiguracion, montarPantalla } from '../registrosFiscales/registrosFiscales.testkit.tsx';
import { TicketBaiScreens } from './TicketBaiScreens.tsx';
import { cola, config, estado, fichero, ID_TBAI, route, TBAI, URL_QR } from './ticketbai.testkit.tsx';
import type { FicheroVista } from './ticketbaiModel.ts';

describe('TicketBAI screens', () => {
  it('lists the files with their columns, state badges and the filters of the URL', async () => {
    const net = montarPantalla(
      cola,
      {
        'GET impuestos/lroefactemitidas/list': () =>
          json(200, {
            Items: [fichero(), fichero({ Id: 8, Numero: '0002', Estado: 'rechazado', CodigoError: '4010' })],
            Total: 2,
          }),
        'GET impuestos/lroefactemitidas/estado': () => json(200, estado()),
      },
      '/?estado=rechazado',
      TBAI,
    );
    expect(await screen.findByRole('link', { name: 'TA0002' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ficheros TicketBAI' })).toBeTruthy();
    const tabla = screen.getByRole('table');
    expect(
      within(tabla)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Factura', 'Fecha', 'Fichero', 'Identificador TBAI', 'Importe', 'Estado']);
    expect(within(tabla).getAllByText(ID_TBAI)).toHaveLength(2);
    expect(within(tabla).getByText('4010')).toBeTruthy();
    expect(await screen.findByText(/Gipuzkoa · Destino: sin configurar/)).toBeTruthy();
    expect(screen.getByText(/Sin certificado no se pueden firmar ni emitir facturas/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar ahora' }).hasAttribute('disabled')).toBe(true);
    const list = net.calls.find((c) => c.path === 'impuestos/lroefactemitidas/list')!;
    expect(JSON.parse(list.url.searchParams.get('Filtros')!)).toEqual({ Estado: 'rechazado' });
    // The queue keeps the server's order (no Descendente).
    expect(list.url.searchParams.get('Descendente')).toBeNull();
    expect(screen.getByRole('button', { name: 'Comprobar cadena' })).toBeTruthy();
  });

  it('a Bizkaia company sees the queue as the LROE of issued invoices', async () => {
    montarPantalla(
      cola,
      {
        'GET impuestos/lroefactemitidas/list': () => json(200, { Items: [], Total: 0 }),
        'GET impuestos/lroefactemitidas/estado': () => json(200, estado()),
      },
      '/',
      { TipoFacturaElectronica: 'lroe' },
    );
    expect(await screen.findByRole('heading', { name: 'LROE facturas emitidas' })).toBeTruthy();
    expect(await screen.findByText('No hay ficheros TicketBAI')).toBeTruthy();
  });

  it('sends now and says what the Diputación answered', async () => {
    const net = montarPantalla(
      cola,
      {
        'GET impuestos/lroefactemitidas/list': () => json(200, { Items: [fichero()], Total: 1 }),
        'GET impuestos/lroefactemitidas/estado': () =>
          json(
            200,
            estado({ Destino: 'real', Certificado: { Nombre: 'empresa.p12', Subido: '2026-11-01T08:00:00.000Z' } }),
          ),
        'POST impuestos/lroefactemitidas/enviar': () =>
          json(200, { Enviados: 2, Aceptados: 1, Rechazados: 1, Error: null }),
      },
      '/',
      TBAI,
    );
    expect(await screen.findByText(/servicio de la Diputación \(pruebas\)/)).toBeTruthy();
    const enviar = screen.getByRole('button', { name: 'Enviar ahora' });
    await waitFor(() => expect(enviar.hasAttribute('disabled')).toBe(false));
    fireEvent.click(enviar);
    expect(await screen.findByText('Envío a la Diputación realizado: 1 aceptados, 1 rechazados')).toBeTruthy();
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('outside Bizkaia the settings have no LROE model', async () => {
    montarPantalla(
      cola,
      {
        'GET impuestos/lroefactemitidas/list': () => json(200, { Items: [], Total: 0 }),
        'GET impuestos/lroefactemitidas/estado': () => json(200, estado()),
        'GET impuestos/lroefactemitidas/config': () => json(200, config()),
      },
      '/',
      TBAI,
    );
    const dialogo = await abrirConfiguracion('TicketBAI');
    expect(await within(dialogo).findByLabelText('Licencia TicketBAI')).toBeTruthy();
    expect(within(dialogo).queryByLabelText('Modelo del LROE')).toBeNull();
  });

  it('the viewer shows the file, its chain, the QR with its identifier and the signed XML', async () => {
    const vista: FicheroVista = {
      ...fichero({ Estado: 'rechazado', CodigoError: '4010', DescripcionError: 'NIF no censado' }),
      SignatureValue: 'A'.repeat(140),
      FirmaAnterior: 'FIRMAANTERIOR123',
      Firmante: 'Comercial Demo SL',
      Politica: 'https://www.gipuzkoa.eus/ticketbai/sinadura',
      Anterior: { Id: 6, Serie: 'TA', Numero: '0000', Fecha: '2026-11-01' },
      Cadena: { Valida: true, Incidencias: [] },
      Xml: '<T:TicketBai><Cabecera><IDVersionTBAI>1.2</IDVersionTBAI></Cabecera></T:TicketBai>',
    };
    montarPantalla(
      <TicketBaiScreens action="lroefactemitidas" segments={['editar', '7']} route={route} />,
      { 'GET impuestos/lroefactemitidas/edit/7': () => json(200, vista) },
      '/',
      TBAI,
    );
    expect(await screen.findByRole('heading', { name: 'Alta TicketBAI · TA0001' })).toBeTruthy();
    expect(screen.getByText('(4010) NIF no censado')).toBeTruthy();
    expect(screen.getByText(`${'A'.repeat(100)}…`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anterior: TA0000 (01/11/2026)' }).getAttribute('href')).toBe(
      '/lroefactemitidas/editar/6',
    );
    expect(screen.getByText('Correcta')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Descargar XML' }).getAttribute('href')).toBe(
      '/api/impuestos/lroefactemitidas/xml/7',
    );
    expect(screen.getByRole('link', { name: 'TA0001' }).getAttribute('href')).toBe('/fventa/editar/40');
    const svg = screen.getByRole('img', { name: 'Código QR TicketBAI' });
    const oscuros = codificarQr(URL_QR).modulos.flat().filter(Boolean).length;
    expect(svg.querySelector('path')!.getAttribute('d')!.split('M').length - 1).toBe(oscuros);
    expect(screen.getAllByText(ID_TBAI).length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'XML del fichero firmado' }).textContent).toContain('<T:TicketBai>');
  });

  it('companies without TicketBAI or outside Bizkaia see why, and nothing is asked to the server', async () => {
    const net = montarPantalla(cola, {}, '/', { TipoFacturaElectronica: 'verifactu' });
    await waitFor(() => expect(screen.getByText('TicketBAI no está activo para esta empresa')).toBeTruthy());
    expect(net.calls).toHaveLength(0);
  });

  it('the LROE of received invoices is only for Bizkaia', async () => {
    const net = montarPantalla(
      <TicketBaiScreens action="lroefactrecibidas" segments={['lista']} route={route} />,
      {},
      '/',
      TBAI,
    );
    await waitFor(() => expect(screen.getByText('El LROE solo está activo para empresas de Bizkaia')).toBeTruthy());
    expect(net.calls).toHaveLength(0);
  });
});
