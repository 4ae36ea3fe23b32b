import { LEVEL_FOR_ACTION } from '@faro/domain';
import { Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { BotonVolver } from '../../ui/edit/BotonVolver.tsx';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { FechaIso } from '../../ui/fields/FechaIso.tsx';
import { errorLines } from '../../ui/form/FormField.tsx';
import { ligar } from '../../ui/form/Formulario.tsx';
import type { FormApi } from '../../ui/form/useForm.ts';
import { useCatalogosEditor, useDocumentoEditado } from './documentosApi.ts';

/**
 * The frame every document-like editor shares (sales and purchase documents, recurring templates, the expense
 * form): a form that never saves by surprise (Enter in a field does not submit; Ctrl+Enter or Ctrl+S save), the way
 * back to the list, the title with its badges, the actions and 'Guardar'.
 */
export function MarcoEditor({
  readOnly,
  guardar,
  volver,
  titulo,
  tituloTestId = 'titulo-documento',
  badges,
  acciones,
  guardando,
  maw = 1280,
  children,
}: {
  readOnly: boolean;
  guardar: () => unknown;
  volver: { to: string; texto: string };
  titulo: string;
  tituloTestId?: string;
  badges?: ReactNode;
  acciones?: ReactNode;
  guardando: boolean;
  maw?: number;
  children: ReactNode;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    // Enter in a field never saves by surprise (the line grid uses it to add lines): Ctrl+Enter or Ctrl+S save.
    const enCampo = e.target instanceof HTMLInputElement;
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && enCampo) e.preventDefault();
    if (readOnly) return;
    if ((e.ctrlKey || e.metaKey) && (e.key === 'Enter' || e.key.toLowerCase() === 's')) {
      e.preventDefault();
      void guardar();
    }
  };
  return (
    <form
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) void guardar();
      }}
    >
      <Stack gap="md" maw={maw}>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <BotonVolver to={volver.to}>{volver.texto}</BotonVolver>
            <Group gap="sm" align="center">
              <Title order={1} fz="h2" data-testid={tituloTestId}>
                {titulo}
              </Title>
              {badges}
            </Group>
          </div>
          <Group gap="xs">
            {acciones}
            {!readOnly && (
              <Button type="submit" loading={guardando}>
                Guardar
              </Button>
            )}
          </Group>
        </Group>
        {children}
      </Stack>
    </form>
  );
}

/** A date of a document's form, typed or picked the Spanish way (dd/mm/aaaa), kept as ISO yyyy-mm-dd. */
/** The props that bind an editor's field (`CampoFecha`, `RetencionInput`) to its form: value, change, blur, errors. */
export function ligarCampo<V extends Record<string, unknown>>(form: FormApi<V>, nombre: keyof V & string) {
  const { errors, ...campo } = ligar(form, nombre);
  return { ...campo, error: errorLines(errors) };
}

/**
 * What a document editor shows until its form can open (null once it can): Forbidden without the level to read, or
 * to create a new one; the record's load error through `error`; a loader while the record or its catalogues load.
 */
export function esperaEditor(p: {
  level: number;
  id?: string;
  fila: { isError: boolean; error: Error | null; data?: unknown };
  cargando: boolean;
  error: (mensaje: string) => ReactNode;
}): ReactNode {
  if (p.level < LEVEL_FOR_ACTION.list || (!p.id && p.level < LEVEL_FOR_ACTION.create)) return <Forbidden />;
  if (p.id && p.fila.isError) return p.error(p.fila.error?.message ?? '');
  if ((p.id && !p.fila.data) || p.cargando)
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  return null;
}

export function CampoFecha(p: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  readOnly: boolean;
  required?: boolean;
  onBlur?: () => void;
  error?: ReactNode;
  placeholder?: string;
}) {
  return (
    <FechaIso
      label={p.label}
      withAsterisk={!!p.required && !p.readOnly}
      placeholder={p.placeholder}
      clearable={!p.required && !p.readOnly}
      value={p.value}
      readOnly={p.readOnly}
      onChange={p.onChange}
      onBlur={p.onBlur}
      error={p.error}
    />
  );
}

/**
 * A document editor's record (`fila`) and catalogues (VAT types, settings) with what it shows until its form can
 * open (`espera`, null once it can: see `esperaEditor`).
 */
export function useEditorDocumento(
  recurso: string,
  ruta: string,
  id: string | undefined,
  level: number,
  error: (mensaje: string) => ReactNode,
) {
  const fila = useDocumentoEditado(recurso, ruta, id, level);
  const { tipos, configura, cargando } = useCatalogosEditor();
  return { fila, tipos, configura, espera: esperaEditor({ level, id, fila, cargando, error }) };
}
