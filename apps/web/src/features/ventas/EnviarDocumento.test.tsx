import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type mockFetch } from '../../test/render.tsx';
import { cuerpoEnvio, textoDePlantilla } from '../documentos/EnviarDocumento.tsx';
import { abrirDocumento, SIN_ALMACENES } from './documentoEditor.testkit.tsx';
import { type documento, EMITIDA as emitida, list, PRESUPUESTO as presupuesto } from './ventasTestData.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const PLANTILLAS = [
  {
    Id: 12,
    Nombre: 'Factura con recordatorio',
    Tipo: 'factura',
    Asunto: 'Recordatorio {Documento}',
    Cuerpo: '<p>Hola {Nombre}, vence el {Vencimiento}.</p>',
    Baja: false,
  },
  {
    Id: 4,
    Nombre: 'Envío de factura',
    Tipo: 'factura',
    Asunto: 'Factura {{numero}} de {{empresa}}',
    Cuerpo:
      '<p>Hola {{cliente}}:</p><p>Te enviamos la factura {{numero}} por {{total}}.<br>Un saludo &amp; gracias</p>',
    Baja: false,
  },
];

function setup(
  recurso: 'pventa' | 'fventa',
  doc: ReturnType<typeof documento>,
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  return abrirDocumento(recurso, doc, {
    ...SIN_ALMACENES,
    'GET ventas/fventaverifactu/factura/5': list([]),
    'GET ventas/clientes/edit/7': () => json(200, { Id: 7, Nombre: 'Ferretería Ana SL', Email: 'ana@ferreteria.test' }),
    'GET comunicaciones/plantemail/list': list(PLANTILLAS),
    ...routes,
  });
}

async function abrir() {
  fireEvent.click(await screen.findByRole('button', { name: 'PDF' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Enviar por email…' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByLabelText(/^Para/);
  return dialog;
}
const valor = (dialog: HTMLElement, label: RegExp) =>
  (within(dialog).getByLabelText(label, { selector: 'input:not([type=hidden]), textarea' }) as HTMLInputElement).value;
const posts = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.init.body)));

describe('the template text', () => {
  it('keeps paragraphs and line breaks, decodes entities and leaves the placeholders', () => {
    expect(textoDePlantilla(PLANTILLAS[1]!.Cuerpo)).toBe(
      'Hola {{cliente}}:\nTe enviamos la factura {{numero}} por {{total}}.\nUn saludo & gracias',
    );
    expect(textoDePlantilla('<ul><li>Uno</li><li>Dos&nbsp;tres</li></ul>')).toBe('• Uno\n• Dos tres');
    expect(textoDePlantilla(null)).toBe('');
  });

  it('sends the subject and text only when they differ from the template', () => {
    const t = PLANTILLAS[1]!;
    const base = { Para: ' a@b.es ', IdPlantilla: '4', Asunto: t.Asunto, Mensaje: textoDePlantilla(t.Cuerpo) };
    expect(cuerpoEnvio(base, t)).toEqual({ Para: 'a@b.es', IdPlantilla: 4, Asunto: null, Mensaje: null });
    expect(cuerpoEnvio({ ...base, Asunto: 'Otra cosa', Mensaje: 'Hola {{cliente}}' }, t)).toEqual({
      Para: 'a@b.es',
      IdPlantilla: 4,
      Asunto: 'Otra cosa',
      Mensaje: 'Hola {{cliente}}',
    });
    expect(cuerpoEnvio({ Para: '', IdPlantilla: null, Asunto: '', Mensaje: '' }, undefined)).toEqual({
      Para: null,
      IdPlantilla: null,
      Asunto: null,
      Mensaje: null,
    });
  });
});

describe('Enviar por email', { timeout: 20_000 }, () => {
  it("an invoice: templates of its kind, the first active one by default, the customer's e-mail; a success toast", async () => {
    const { calls } = setup('fventa', emitida, {
      'POST ventas/fventa/enviar/5': () =>
        json(200, { Para: 'ana@ferreteria.test', Asunto: 'Factura F2026-0004', Adjunto: 'factura-F2026-0004.pdf' }),
    });
    const dialog = await abrir();
    // The list asked for active invoice templates.
    const pedida = calls.find((c) => c.path === 'comunicaciones/plantemail/list')!;
    expect(JSON.parse(pedida.url.searchParams.get('Filtros') ?? '{}')).toEqual({ Tipo: 'factura', Baja: false });
    expect(valor(dialog, /^Para/)).toBe('ana@ferreteria.test');
    // The first one the server would pick (lowest Id), not the first by name.
    expect(valor(dialog, /^Plantilla/)).toBe('Envío de factura');
    expect(valor(dialog, /^Asunto/)).toBe('Factura {{numero}} de {{empresa}}');
    expect(valor(dialog, /^Mensaje/)).toContain('Hola {{cliente}}:');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Documento enviado a ana@ferreteria.test')).toBeTruthy();
    // Untouched text: the server fills the template itself.
    expect(posts(calls)).toEqual([{ Para: 'ana@ferreteria.test', IdPlantilla: 4, Asunto: null, Mensaje: null }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('choosing another template refills subject and text; edited text is sent with its placeholders', async () => {
    const { calls } = setup('fventa', emitida, {
      'POST ventas/fventa/enviar/5': () => json(200, { Para: 'pagos@ana.test', Asunto: 'x', Adjunto: 'x.pdf' }),
    });
    const dialog = await abrir();
    fireEvent.click(within(dialog).getByLabelText(/^Plantilla/, { selector: 'input:not([type=hidden])' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Factura con recordatorio', hidden: true }));
    await waitFor(() => expect(valor(dialog, /^Asunto/)).toBe('Recordatorio {Documento}'));
    expect(valor(dialog, /^Mensaje/)).toBe('Hola {Nombre}, vence el {Vencimiento}.');
    fireEvent.change(within(dialog).getByLabelText(/^Para/), { target: { value: 'pagos@ana.test' } });
    fireEvent.change(within(dialog).getByLabelText(/^Mensaje/), {
      target: { value: 'Adjunta la {{tipo}} {{numero}}.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Documento enviado a pagos@ana.test')).toBeTruthy();
    expect(posts(calls)).toEqual([
      { Para: 'pagos@ana.test', IdPlantilla: 12, Asunto: null, Mensaje: 'Adjunta la {{tipo}} {{numero}}.' },
    ]);
  });

  it('a quote without templates or customer e-mail: errors of the server under the fields, then sent', async () => {
    let intento = 0;
    const { calls } = setup('pventa', presupuesto, {
      'GET ventas/clientes/edit/7': () => json(200, { Id: 7, Nombre: 'Ferretería Ana SL', Email: null }),
      'GET comunicaciones/plantemail/list': list([]),
      'POST ventas/pventa/enviar/5': () =>
        ++intento === 1
          ? json(400, {
              Mensaje: 'Revisa los errores del formulario',
              Errores: [
                { Campo: 'Para', Mensaje: 'El cliente no tiene email: indica la dirección en «Para»' },
                { Campo: 'Asunto', Mensaje: 'Asunto no puede superar los 200 caracteres' },
              ],
            })
          : json(200, { Para: 'ana@ferreteria.test', Asunto: 'Presupuesto', Adjunto: 'presupuesto-P2026-0003.pdf' }),
    });
    const dialog = await abrir();
    const pedida = calls.find((c) => c.path === 'comunicaciones/plantemail/list')!;
    expect(JSON.parse(pedida.url.searchParams.get('Filtros') ?? '{}').Tipo).toBe('presupuesto');
    expect(valor(dialog, /^Para/)).toBe('');
    expect(valor(dialog, /^Asunto/)).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('El cliente no tiene email: indica la dirección en «Para»')).toBeTruthy();
    expect(within(dialog).getByText('Asunto no puede superar los 200 caracteres')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Para/), { target: { value: 'ana@ferreteria.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Documento enviado a ana@ferreteria.test')).toBeTruthy();
    expect(posts(calls)).toEqual([
      { Para: null, IdPlantilla: null, Asunto: null, Mensaje: null },
      { Para: 'ana@ferreteria.test', IdPlantilla: null, Asunto: null, Mensaje: null },
    ]);
  });

  it('a user who cannot read the templates nor the customer still sends with the defaults of the server', async () => {
    const prohibido = () => json(403, { Mensaje: 'No tienes permisos para realizar la acción solicitada' });
    const { calls } = setup('fventa', emitida, {
      'GET ventas/clientes/edit/7': prohibido,
      'GET comunicaciones/plantemail/list': prohibido,
      'POST ventas/fventa/enviar/5': () => json(200, { Para: 'ana@ferreteria.test', Asunto: 'x', Adjunto: 'x.pdf' }),
    });
    const dialog = await abrir();
    expect(screen.queryByText('No tienes permisos para realizar la acción solicitada')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Documento enviado a ana@ferreteria.test')).toBeTruthy();
    expect(posts(calls)).toEqual([{ Para: null, IdPlantilla: null, Asunto: null, Mensaje: null }]);
  });
});
