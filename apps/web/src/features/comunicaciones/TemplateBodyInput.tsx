import { Input } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels, type RichTextEditorProps } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import type { InputProps } from '../../ui/fields/inputs.tsx';
import '@mantine/tiptap/styles.css';

/** Pasted content that carries an image (a file or an inline <img>), which the template body does not accept. */
export function pastesImage(data: Pick<DataTransfer, 'files' | 'types' | 'getData'>): boolean {
  if (data.files.length > 0) return true;
  if ([...data.types].some((t) => t.startsWith('image/'))) return true;
  return /<img\b/i.test(data.getData('text/html') ?? '');
}

/** The toolbar in Spanish (aria-labels and the link editor). */
export const ETIQUETAS_EDITOR: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrita',
  italicControlLabel: 'Cursiva',
  underlineControlLabel: 'Subrayado',
  strikeControlLabel: 'Tachado',
  clearFormattingControlLabel: 'Quitar formato',
  linkControlLabel: 'Enlace',
  unlinkControlLabel: 'Quitar enlace',
  bulletListControlLabel: 'Lista con viñetas',
  orderedListControlLabel: 'Lista numerada',
  h1ControlLabel: 'Título 1',
  h2ControlLabel: 'Título 2',
  h3ControlLabel: 'Título 3',
  blockquoteControlLabel: 'Cita',
  hrControlLabel: 'Línea horizontal',
  undoControlLabel: 'Deshacer',
  redoControlLabel: 'Rehacer',
  linkEditorInputLabel: 'Dirección del enlace',
  linkEditorInputPlaceholder: 'https://www.ejemplo.es',
  linkEditorExternalLink: 'Abrir en una pestaña nueva',
  linkEditorInternalLink: 'Abrir en la misma pestaña',
  linkEditorSave: 'Guardar',
};

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * plantemail.Cuerpo: the body of an e-mail template in a rich-text editor (tiptap through @mantine/tiptap), 300 px
 * high, Spanish, with pasted images and drops blocked (spec). The server keeps only allow-listed HTML
 * (domain `validation/richText.ts`), so what is stored is what the editor shows.
 */
export function TemplateBodyInput(p: InputProps) {
  const shown = useRef(text(p.value));
  shown.current = text(p.value);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: text(p.value),
    editable: !p.readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { lang: 'es', spellcheck: 'true', 'aria-label': p.def.label, 'data-testid': 'plantemail-cuerpo' },
      handlePaste: (_view, event) => (event.clipboardData ? pastesImage(event.clipboardData) : false),
      handleDrop: () => true,
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      if (html !== shown.current) p.onChange(html);
    },
    onBlur: () => p.onBlur(),
  });

  // A value changed from outside (form reset, record loaded) replaces the content; our own edits do not loop back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const incoming = text(p.value);
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (incoming !== current) editor.commands.setContent(incoming, { emitUpdate: false });
  }, [editor, p.value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable === !!p.readOnly) editor.setEditable(!p.readOnly, false);
  }, [editor, p.readOnly]);

  return (
    <Input.Wrapper
      label={p.def.label}
      description={p.def.help}
      withAsterisk={!!p.def.required && !p.readOnly}
      error={p.error}
    >
      <RichTextEditor
        // @mantine/tiptap's CommonJS typings resolve @tiptap/core's .d.cts: the same class, declared twice.
        editor={editor as unknown as RichTextEditorProps['editor']}
        labels={ETIQUETAS_EDITOR}
        onDragOver={(e) => e.preventDefault()}
        onDropCapture={(e) => e.preventDefault()}
        styles={{ content: { height: 300, overflowY: 'auto' } }}
      >
        {!p.readOnly && (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H1 />
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
