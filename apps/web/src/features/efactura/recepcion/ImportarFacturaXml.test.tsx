import { configure, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../../platform/storage.ts';
import { json, mockFetch, renderUi, setCookie } from '../../../test/render.tsx';
import { ImportarFacturaXml } from './ImportarFacturaXml.tsx';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const elegir = (nombre: string) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['<Invoice/>'], nombre, { type: 'application/xml' })] } });
};

describe('Importar factura electrónica (XML)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
  });

  it('uploads the file, links the draft and lists the totals that disagree', async () => {
    const diferencia =
      'El importe a pagar de la factura electrónica (250.43) no coincide con la que calcula Faro de sus líneas (250.33): diferencia 0.10';
    const { calls } = mockFetch({
      'POST compras/fcompra/importar-xml': () =>
        json(201, {
          Id: 41,
          NumFacturaProveedor: '12115118',
          Proveedor: { Id: 7, Nombre: 'De Koksmaat', Creado: true },
          Diferencias: [{ Campo: 'PayableAmount', Mensaje: diferencia }],
          AvisoMoneda: null,
        }),
    });
    renderUi(<ImportarFacturaXml />);
    elegir('factura.xml');
    expect(await screen.findByText(diferencia)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'Factura 12115118 de De Koksmaat (proveedor nuevo) importada como borrador',
    );
    expect(screen.getByRole('link', { name: 'Abrir la factura' }).getAttribute('href')).toBe('/fcompra/editar/41');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST compras/fcompra/importar-xml']);
  });

  it('shows the server’s Spanish refusal', async () => {
    const mensaje = 'El fichero no es una factura electrónica en XML';
    mockFetch({ 'POST compras/fcompra/importar-xml': () => json(400, { Mensaje: mensaje }) });
    renderUi(<ImportarFacturaXml />);
    elegir('foto.pdf');
    expect((await screen.findByRole('alert')).textContent).toBe(mensaje);
  });
});
