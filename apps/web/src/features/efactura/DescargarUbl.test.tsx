import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { DescargarFacturae, nombreFacturae } from './DescargarFacturae.tsx';
import { DescargarUbl, nombreUbl, tieneFacturaElectronica } from './DescargarUbl.tsx';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const emitida = { Id: 5, NumSerie: 'F2026/0004', Estado: 'Emitida' };
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice/>';
const BOTON = 'Descargar factura electrónica (UBL)';

describe('Descargar factura electrónica (UBL)', { timeout: 20_000 }, () => {
  let creadas: Blob[];
  let descargas: string[];
  beforeEach(() => {
    // Signed in: the client sends the bearer token and the CSRF pair like the browser.
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
    creadas = [];
    descargas = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      creadas.push(b as Blob);
      return 'blob:http://localhost/ubl';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      descargas.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the issued invoice’s UBL under its number', async () => {
    const { calls } = mockFetch({
      'GET ventas/fventa/ubl/5': () =>
        new Response(XML, { status: 200, headers: { 'Content-Type': 'application/xml' } }),
    });
    renderUi(<DescargarUbl base="ventas/fventa" doc={emitida} />);
    fireEvent.click(await screen.findByRole('button', { name: BOTON }));
    await waitFor(() => expect(descargas).toEqual(['factura-F2026_0004.xml']));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET ventas/fventa/ubl/5']);
    expect(creadas[0]!.type).toBe('application/xml');
    expect(await creadas[0]!.text()).toBe(XML);
  });

  it('shows the server’s Spanish message when the invoice breaks a rule, and saves nothing', async () => {
    const mensaje = 'La factura electrónica no cumple la norma EN 16931: BR-S-02 (IVA al tipo general)';
    mockFetch({ 'GET ventas/fventa/ubl/5': () => json(422, { Mensaje: mensaje }) });
    renderUi(<DescargarUbl base="ventas/fventa" doc={emitida} />);
    fireEvent.click(await screen.findByRole('button', { name: BOTON }));
    expect(await screen.findByText(mensaje)).toBeTruthy();
    expect(descargas).toEqual([]);
  });

  it('downloads the signed Facturae under its number, or shows why the server cannot sign it', async () => {
    const firmada = '<?xml version="1.0" encoding="UTF-8"?><fe:Facturae/>';
    const { calls } = mockFetch({
      'GET ventas/fventa/facturae/5': () =>
        new Response(firmada, { status: 200, headers: { 'Content-Type': 'application/xml' } }),
      'GET ventas/fventa/facturae/8': () => json(400, { Mensaje: 'La empresa no tiene certificado' }),
    });
    renderUi(
      <>
        <DescargarFacturae base="ventas/fventa" doc={emitida} />
        <DescargarFacturae base="ventas/fventa" doc={{ ...emitida, Id: 8, NumSerie: 'F2026/0008' }} />
      </>,
    );
    const [boton, otro] = await screen.findAllByRole('button', { name: 'Descargar Facturae firmada' });
    fireEvent.click(boton!);
    await waitFor(() => expect(descargas).toEqual(['factura-F2026_0004.xsig']));
    expect(await creadas[0]!.text()).toBe(firmada);
    fireEvent.click(otro!);
    expect(await screen.findByText('La empresa no tiene certificado')).toBeTruthy();
    expect(descargas).toEqual(['factura-F2026_0004.xsig']);
    expect(calls.map((c) => c.path)).toEqual(['ventas/fventa/facturae/5', 'ventas/fventa/facturae/8']);
    expect(nombreFacturae({ Id: 7, NumSerie: null, Estado: 'Emitida' })).toBe('factura-7.xsig');
  });

  it('is offered only on issued sales invoices', () => {
    expect(tieneFacturaElectronica('ventas/fventa', emitida)).toBe(true);
    expect(tieneFacturaElectronica('ventas/fventa', { ...emitida, Estado: 'Anulada' })).toBe(true);
    expect(tieneFacturaElectronica('ventas/fventa', { Id: 6, NumSerie: null, Estado: 'Provisional' })).toBe(false);
    expect(tieneFacturaElectronica('compras/fcompra', emitida)).toBe(false);
    expect(tieneFacturaElectronica('ventas/pventa', emitida)).toBe(false);
    renderUi(<DescargarUbl base="ventas/fventa" doc={{ Id: 6, NumSerie: null, Estado: 'Provisional' }} />);
    expect(screen.queryByRole('button', { name: BOTON })).toBeNull();
    renderUi(<DescargarFacturae base="compras/fcompra" doc={emitida} />);
    expect(screen.queryByRole('button', { name: 'Descargar Facturae firmada' })).toBeNull();
    expect(nombreUbl({ Id: 7, NumSerie: null, Estado: 'Emitida' })).toBe('factura-7.xml');
  });
});
