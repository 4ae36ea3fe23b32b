import { ENTITIES } from '@faro/domain';
import { createEvent, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { pastesImage, TemplateBodyInput } from './TemplateBodyInput.tsx';

const data = (over: { files?: File[]; types?: string[]; html?: string }) => ({
  files: (over.files ?? []) as unknown as FileList,
  types: over.types ?? ['text/plain'],
  getData: (t: string) => (t === 'text/html' ? (over.html ?? '') : ''),
});

describe('e-mail template body', () => {
  it('tells image pastes from text pastes', () => {
    expect(pastesImage(data({}))).toBe(false);
    expect(pastesImage(data({ html: '<p>Hola <b>{Nombre}</b></p>' }))).toBe(false);
    expect(pastesImage(data({ html: '<p><img src="data:image/png;base64,AA"></p>' }))).toBe(true);
    expect(pastesImage(data({ types: ['image/png'] }))).toBe(true);
    expect(pastesImage(data({ files: [new File(['x'], 'a.png')] }))).toBe(true);
  });

  it('is 300 px high, Spanish, and blocks drops', () => {
    const onChange = vi.fn();
    renderUi(
      <TemplateBodyInput
        name="Cuerpo"
        def={ENTITIES.plantemail.fields.Cuerpo}
        value="Hola {Nombre}"
        onChange={onChange}
        onBlur={() => {}}
        error={null}
        readOnly={false}
      />,
    );
    const box = screen.getByDisplayValue('Hola {Nombre}') as HTMLTextAreaElement;
    expect(box.style.height).toBe('300px');
    expect(box.getAttribute('lang')).toBe('es');
    const drop = createEvent.drop(box);
    fireEvent(box, drop);
    expect(drop.defaultPrevented).toBe(true);
    fireEvent.change(box, { target: { value: 'Adiós' } });
    expect(onChange).toHaveBeenCalledWith('Adiós');
  });
});
