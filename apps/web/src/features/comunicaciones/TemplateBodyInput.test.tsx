import { ENTITIES } from '@faro/domain';
import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderCampo } from '../../test/render.tsx';
import { pastesImage, TemplateBodyInput } from './TemplateBodyInput.tsx';

const data = (over: { files?: File[]; types?: string[]; html?: string; text?: string }) => ({
  files: (over.files ?? []) as unknown as FileList,
  types: over.types ?? ['text/plain'],
  getData: (t: string) => (t === 'text/html' ? (over.html ?? '') : t === 'text/plain' ? (over.text ?? '') : ''),
});

function renderBody(value: string, readOnly = false) {
  const { onChange } = renderCampo(TemplateBodyInput, {
    name: 'Cuerpo',
    def: ENTITIES.plantemail.fields.Cuerpo,
    value,
    readOnly,
  });
  return { onChange, box: screen.getByTestId('plantemail-cuerpo') };
}

describe('e-mail template body', () => {
  it('tells image pastes from text pastes', () => {
    expect(pastesImage(data({}))).toBe(false);
    expect(pastesImage(data({ html: '<p>Hola <b>{Nombre}</b></p>' }))).toBe(false);
    expect(pastesImage(data({ html: '<p><img src="data:image/png;base64,AA"></p>' }))).toBe(true);
    expect(pastesImage(data({ types: ['image/png'] }))).toBe(true);
    expect(pastesImage(data({ files: [new File(['x'], 'a.png')] }))).toBe(true);
  });

  it('is a rich-text editor in Spanish showing the stored HTML with its formatting', () => {
    const { box } = renderBody('<p>Hola <strong>{Nombre}</strong></p>');
    expect(box.getAttribute('lang')).toBe('es');
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(box.querySelector('strong')?.textContent).toBe('{Nombre}');
    for (const label of ['Negrita', 'Cursiva', 'Subrayado', 'Lista con viñetas', 'Enlace', 'Deshacer']) {
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    }
  });

  it('blocks dropped files and pasted images, and reports pasted text as HTML', async () => {
    const { box, onChange } = renderBody('<p>Hola</p>');
    const drop = createEvent.drop(box, { dataTransfer: data({ files: [new File(['x'], 'a.png')] }) });
    fireEvent(box, drop);
    expect(drop.defaultPrevented).toBe(true);

    const image = createEvent.paste(box, { clipboardData: data({ html: '<img src="data:image/png;base64,AA">' }) });
    fireEvent(box, image);
    expect(image.defaultPrevented).toBe(true);
    expect(onChange.mock.calls).toEqual([]);

    fireEvent.paste(box, { clipboardData: data({ html: '<p>Adiós <em>amigo</em></p>', types: ['text/html'] }) });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(String(onChange.mock.calls.at(-1)?.[0])).toContain('<em>amigo</em>');
  });

  it('is read-only without a toolbar where the form is read-only', () => {
    const { box } = renderBody('<p>Hola</p>', true);
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Negrita' })).toBeNull();
  });
});
