import { Textarea } from '@mantine/core';
import type { ClipboardEvent, DragEvent } from 'react';
import type { InputProps } from '../../ui/fields/inputs.tsx';

/** Pasted content that carries an image (a file or an inline <img>), which the template body does not accept. */
export function pastesImage(data: Pick<DataTransfer, 'files' | 'types' | 'getData'>): boolean {
  if (data.files.length > 0) return true;
  if ([...data.types].some((t) => t.startsWith('image/'))) return true;
  return /<img\b/i.test(data.getData('text/html') ?? '');
}

/**
 * plantemail.Cuerpo: the body of an e-mail template, 300 px high, Spanish spell-check, pasting images and drops
 * blocked. No rich-text editor package is installed, so the body is edited as text/HTML in a plain textarea.
 */
export function TemplateBodyInput(p: InputProps) {
  return (
    <Textarea
      label={p.def.label}
      description={`${p.def.help ? `${p.def.help}. ` : ''}Texto o HTML; no se admiten imágenes pegadas ni ficheros arrastrados.`}
      withAsterisk={!!p.def.required && !p.readOnly}
      error={p.error}
      readOnly={p.readOnly}
      name={p.name}
      lang="es"
      spellCheck
      value={p.value === null || p.value === undefined ? '' : String(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      onBlur={p.onBlur}
      onPaste={(e: ClipboardEvent<HTMLTextAreaElement>) => {
        if (pastesImage(e.clipboardData)) e.preventDefault();
      }}
      onDrop={(e: DragEvent<HTMLTextAreaElement>) => e.preventDefault()}
      onDragOver={(e: DragEvent<HTMLTextAreaElement>) => e.preventDefault()}
      styles={{ input: { height: 300 } }}
      data-testid="plantemail-cuerpo"
    />
  );
}
