import { codificarQr } from '@faro/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/render.tsx';
import { montarPantalla as setup } from '../registrosFiscales/registrosFiscales.testkit.tsx';
import { VerifactuScreens } from './VerifactuScreens.tsx';
import { cola, estadoEnvio, fila, H0, H1, route, URL_QR, vista } from './verifactu.testkit.tsx';

describe('VeriFactu screens', () => {
  it('lists the queue with state badges and sends the filters of the URL', async () => {
    const net = setup(
      <VerifactuScreens action="fventaverifactu" segments={['lista']} route={route} />,
      {
        'GET ventas/fventaverifactu/list': () =>
          json(200, {
            Items: [fila(), fila({ Id: 6, NumSerieFactura: 'F0002', Estado: 'rechazado', CodigoErrorRegistro: 1104 })],
            Total: 2,
          }),
        'GET ventas/fventaverifactu/estado': () =>
          json(200, {
            Incidencia: true,
            Bloqueo: null,
            SiguienteEnvio: null,
            FallosSeguidos: 2,
            UltimoEnvio: null,
            UltimoResultado: null,
            Destino: null,
            Certificado: false,
            Cuentas: { generado: 1, enviado: 1, conerrores: 0, rechazado: 1, anulado: 0 },
          }),
      },
      '/?estado=rechazado',
    );
    expect(await screen.findByRole('link', { name: 'F0002' })).toBeTruthy();
    expect(screen.getAllByText('Rechazado').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Aceptado').length).toBeGreaterThan(0);
    expect(screen.getAllByText('F7B94CFD…802A2B97').length).toBe(2);
    expect(await screen.findByText(/Modo incidencia/)).toBeTruthy();
    // "Enviar ahora" needs a destination and a certificate.
    expect(screen.getByRole('button', { name: 'Enviar ahora' }).hasAttribute('disabled')).toBe(true);
    const list = net.calls.find((c) => c.path === 'ventas/fventaverifactu/list')!;
    expect(JSON.parse(list.url.searchParams.get('Filtros')!)).toEqual({ Estado: 'rechazado' });
    // Newest first.
    expect(list.url.searchParams.get('Descendente')).toBe('true');
  });

  it('the viewer lists the newest records under headers, and says when a search finds none', async () => {
    const net = setup(<VerifactuScreens action="fventavisorvf" segments={['lista']} route={route} />, {
      'GET ventas/fventaverifactu/list': (_i, url) =>
        json(
          200,
          JSON.parse(url.searchParams.get('Filtros')!).Buscar ? { Items: [], Total: 0 } : { Items: [fila()], Total: 1 },
        ),
    });
    const tabla = await screen.findByTestId('visor-lista');
    expect(
      within(tabla)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Factura', 'Fecha', 'Registro', 'Estado']);
    expect(net.calls.find((c) => c.path === 'ventas/fventaverifactu/list')!.url.searchParams.get('Descendente')).toBe(
      'true',
    );
    fireEvent.change(screen.getByLabelText('Factura'), { target: { value: 'X99' } });
    expect(await screen.findByText('No hay registros VeriFactu de facturas con «X99»')).toBeTruthy();
  });

  it('the viewer list has a count and page controls, the page kept in the URL', async () => {
    const net = setup(<VerifactuScreens action="fventavisorvf" segments={['lista']} route={route} />, {
      'GET ventas/fventaverifactu/list': (_i, url) =>
        json(200, {
          Items: [
            fila({
              Id: Number(url.searchParams.get('Pagina')) * 100,
              NumSerieFactura: `P${url.searchParams.get('Pagina')}`,
            }),
          ],
          Total: 45,
        }),
    });
    expect(await screen.findByRole('link', { name: 'P1' })).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('45 registros');
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByRole('link', { name: 'P2' })).toBeTruthy();
    const ultima = net.calls.filter((c) => c.path === 'ventas/fventaverifactu/list').at(-1)!;
    expect(ultima.url.searchParams.get('Pagina')).toBe('2');
    expect(ultima.url.searchParams.get('TotalPagina')).toBe('20');
  });

  it('the viewer shows the record, both huellas, the chain status, the QR, the XML and the AEAT error explained', async () => {
    setup(<VerifactuScreens action="fventavisorvf" segments={['editar', '5']} route={route} />, {
      'GET ventas/fventaverifactu/edit/5': () => json(200, vista()),
      'GET ventas/fventaverifactu/factura/40': () => json(200, { Items: [fila()] }),
    });
    expect((await screen.findByTestId('huella')).textContent).toBe(H1);
    // Long values wrap inside the card on a phone (fixed layout, breakable cells).
    const datos = screen.getByTestId('datos-registro');
    expect(datos.style.getPropertyValue('--table-layout')).toBe('fixed');
    expect(screen.getByTestId('huella').closest('td')!.style.overflowWrap).toBe('anywhere');
    expect(screen.getByTestId('huella-anterior').textContent).toBe(H0);
    expect(screen.getByText('Encadenamiento y huella correctos')).toBeTruthy();
    const alerta = screen.getByTestId('error-aeat');
    expect(alerta.textContent).toContain('error 1104');
    expect(alerta.textContent).toContain('El número de serie de la factura no es válido.');
    expect(alerta.textContent).toContain('IDFactura/NumSerieFactura');
    expect(screen.getByTestId('xml').textContent).toContain('<sum1:RegistroAlta>');
    expect(screen.getByRole('button', { name: 'Subsanar' })).toBeTruthy();
    // The QR is the domain encoder's symbol of the cotejo URL.
    const svg = screen.getByRole('img', { name: 'Código QR tributario' });
    const oscuros = codificarQr(URL_QR).modulos.flat().filter(Boolean).length;
    const d = svg.querySelector('path')!.getAttribute('d')!;
    expect(d.split('M').length - 1).toBe(oscuros);
    expect(screen.getByText('QR tributario:')).toBeTruthy();
    expect(screen.getByText('VERI*FACTU')).toBeTruthy();
    // One attempt, in the singular.
    expect(screen.getByText(/· 1 intento$/)).toBeTruthy();
  });

  it('opens the latest record of an invoice from /fventavisorvf/factura/{id}', async () => {
    setup(<VerifactuScreens action="fventavisorvf" segments={['factura', '40']} route={route} />, {
      'GET ventas/fventaverifactu/factura/40': () =>
        json(200, { Items: [fila({ Id: 5 }), fila({ Id: 9, Clase: 'anulacion', Estado: 'generado' })] }),
      'GET ventas/fventaverifactu/edit/9': () =>
        json(200, vista({ Id: 9, Clase: 'anulacion', Estado: 'generado', UrlQr: null, Respuesta: null })),
    });
    expect(await screen.findByText('Anulación · F0001')).toBeTruthy();
    expect(screen.getByText('Los registros de anulación no llevan QR.')).toBeTruthy();
  });

  it('a broken chain is shown as such', async () => {
    setup(<VerifactuScreens action="fventavisorvf" segments={['editar', '5']} route={route} />, {
      'GET ventas/fventaverifactu/edit/5': () =>
        json(
          200,
          vista({
            Estado: 'enviado',
            Respuesta: null,
            Cadena: {
              Valida: false,
              Incidencias: ['La huella del registro de F0001 (02-11-2026) no corresponde a sus datos'],
            },
          }),
        ),
      'GET ventas/fventaverifactu/factura/40': () => json(200, { Items: [fila()] }),
    });
    expect(await screen.findByText('Cadena rota')).toBeTruthy();
    expect(screen.getByText(/no corresponde a sus datos/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subsanar' })).toBeNull();
  });

  it('companies without VeriFactu see why, and nothing is asked to the server', async () => {
    const net = setup(<VerifactuScreens action="fventaverifactu" segments={[]} route={route} />, {}, '/', {
      TipoFacturaElectronica: 'tbai',
    });
    await waitFor(() => expect(screen.getByText('VeriFactu no está activo para esta empresa')).toBeTruthy());
    expect(net.calls).toHaveLength(0);
  });
  it('sends now and says how many records got an answer', async () => {
    const net = setup(cola, {
      'GET ventas/fventaverifactu/list': () => json(200, { Items: [fila({ Estado: 'generado' })], Total: 1 }),
      'GET ventas/fventaverifactu/estado': () => json(200, estadoEnvio()),
      'POST ventas/fventaverifactu/enviar': () => json(200, { Enviados: 3 }),
    });
    const enviar = await screen.findByRole('button', { name: 'Enviar ahora' });
    await waitFor(() => expect(enviar.hasAttribute('disabled')).toBe(false));
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Factura', 'Fecha', 'Tipo', 'Registro', 'Cuota', 'Importe', 'Huella', 'Generado', 'Estado']);
    fireEvent.click(enviar);
    expect(await screen.findByText('Envío a la AEAT realizado: 3 registros con respuesta')).toBeTruthy();
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('checks the chain and links each incident to its record', async () => {
    setup(cola, {
      'GET ventas/fventaverifactu/list': () => json(200, { Items: [fila()], Total: 1 }),
      'GET ventas/fventaverifactu/estado': () => json(200, estadoEnvio()),
      'GET ventas/fventaverifactu/verificar': () =>
        json(200, {
          Valida: false,
          Registros: 2,
          Cadenas: [
            {
              Instalacion: 'FARO-1',
              Registros: 2,
              Valida: false,
              Incidencias: [{ Id: 5, Mensaje: 'Huella distinta' }],
            },
          ],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Comprobar cadena' }));
    expect(await screen.findByText('La cadena de registros tiene incidencias')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registro 5' }).getAttribute('href')).toBe('/fventavisorvf/editar/5');
    expect(screen.getByText(/: Huella distinta/)).toBeTruthy();
  });
});
