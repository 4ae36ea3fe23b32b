import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { hoyEspana } from '../apps/server/src/platform/fechas.ts';
import { apiJson, waitToast } from './browser.ts';

/** The e-invoice journeys' common steps: a customer on a channel with an invoice issued to it, and the queue sending it. */

// Two cores shared by everyone: a reload after an action can take seconds.
export const LENTO = { timeout: 30_000 };

/**
 * A customer (a full Spanish address unless `cliente` says otherwise, its channel and codes in `cliente`) and a
 * one-line invoice at 21 % issued to it today (the series' numbering follows the dates already issued).
 */
export async function facturaEmitidaA(
  page: Page,
  cliente: Record<string, unknown>,
  linea: { Descripcion: string; Precio: string },
): Promise<{ id: number; numero: string }> {
  const direccion = {
    Direccion: 'Calle Mayor 1',
    CodPostal: '28001',
    Poblacion: 'Madrid',
    Provincia: '28',
    Pais: 'ES',
  };
  const c = await apiJson(page, 'POST', 'ventas/clientes/save', { ...direccion, ...cliente });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const lineas = [{ Cantidad: '1', TipoIva: 'IVA21', ...linea }];
  const b = await apiJson(page, 'POST', 'ventas/fventa/save', {
    Cliente: c.body.Id,
    Fecha: hoyEspana(),
    Lineas: lineas,
  });
  expect(b.status, JSON.stringify(b.body)).toBe(201);
  const e = await apiJson(page, 'POST', `ventas/fventa/emitir/${b.body.Id}`, {});
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return { id: b.body.Id as number, numero: e.body.NumSerie as string };
}

/** The invoice's row on the sending queue's screen once sent («Enviar ahora», unless the server's timer did it). */
export async function enviadaDesdeLaCola(page: Page, numero: string): Promise<Locator> {
  const fila = page.getByRole('row', { name: new RegExp(numero) });
  await fila.waitFor(LENTO);
  if (!(await fila.getByText('Enviada', { exact: true }).isVisible())) {
    await page.getByRole('button', { name: 'Enviar ahora' }).click();
    await waitToast(page, 'Enviadas:');
  }
  await fila.getByText('Enviada', { exact: true }).waitFor(LENTO);
  return fila;
}

/** A local platform simulator for the describe block that calls this: started before its tests, closed after. */
export function simuladorDelBloque<S extends { cerrar(): Promise<void> }>(iniciar: () => Promise<S>): () => S {
  let sim: S | undefined;
  beforeAll(async () => {
    sim = await iniciar();
  }, 300_000);
  afterAll(() => sim?.cerrar());
  return () => sim!;
}
