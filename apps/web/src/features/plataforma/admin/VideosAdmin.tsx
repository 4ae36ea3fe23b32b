import type { VideoTutorial } from '@faro/domain';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { useErroresCampo } from '../../../ui/form/erroresCampo.ts';
import { Pagina, SiNo, Tabla, useLista } from '../comun.tsx';
import { ADM, TIPOS, useRecargar } from './adminApi.ts';

interface Categoria {
  Id: number;
  Nombre: string;
  Orden: number;
  Baja: boolean;
}
interface Video extends VideoTutorial {
  Id: number;
  Categoria: string;
}

/** List + modal editing of a platform resource (`{recurso}/save[/id]`, `{recurso}/delete/{id}`). */
function useEdicion<T extends { Id: number }>(recurso: string) {
  const recargar = useRecargar();
  const [edit, setEdit] = useState<Partial<T> | null>(null);
  const { errores: err, setErrores: setErr, intentar } = useErroresCampo();
  const cerrar = async () => {
    setEdit(null);
    setErr({});
    await recargar();
  };
  return {
    edit,
    setEdit,
    err,
    guardar: (body: unknown) =>
      intentar(async () => {
        if (edit?.Id) await api.put(`${ADM}/${recurso}/save/${edit.Id}`, body);
        else await api.post(`${ADM}/${recurso}/save`, body);
        notifySuccess('Los datos se han guardado correctamente');
        await cerrar();
      }),
    borrar: async () => {
      await api.del(`${ADM}/${recurso}/delete/${edit?.Id}`);
      await cerrar();
    },
  };
}

/** Orden and Baja, and the Guardar / Eliminar buttons of an edit modal. */
function PieEdicion<T extends { Id: number; Orden: number; Baja: boolean }>({
  e,
  cuerpo,
}: {
  e: ReturnType<typeof useEdicion<T>>;
  cuerpo: () => unknown;
}) {
  const { edit, setEdit } = e;
  return (
    <>
      <NumberInput
        label="Orden"
        min={0}
        value={edit?.Orden ?? 0}
        onChange={(n) => setEdit({ ...edit, Orden: Number(n) || 0 } as Partial<T>)}
      />
      <Switch
        label="Baja"
        checked={edit?.Baja ?? false}
        onChange={(ev) => setEdit({ ...edit, Baja: ev.currentTarget.checked } as Partial<T>)}
      />
      <Group>
        <Button onClick={() => e.guardar(cuerpo())}>Guardar</Button>
        {edit?.Id && (
          <Button variant="light" color="red" onClick={e.borrar}>
            Eliminar
          </Button>
        )}
      </Group>
    </>
  );
}

/** admvideoscat: the categories of the video tutorials. */
export function VideosCategorias() {
  const q = useLista<Categoria>(`${ADM}/admvideoscat/list`);
  const e = useEdicion<Categoria>('admvideoscat');
  const { edit, setEdit, err } = e;
  return (
    <Pagina titulo="Categorías de vídeos" acciones={<Button onClick={() => setEdit({})}>Nueva categoría</Button>}>
      <Tabla
        etiqueta="Categorías de vídeos"
        filas={q.data?.Items}
        clave={(c) => c.Id}
        abrir={(c) => setEdit(c)}
        vacio="No hay categorías"
        columnas={[
          { titulo: 'Nombre', celda: (c) => c.Nombre },
          { titulo: 'Orden', celda: (c) => c.Orden, numerica: true },
          { titulo: 'Estado', celda: (c) => <SiNo si={!c.Baja} textoSi="Activa" textoNo="Baja" /> },
        ]}
      />
      <Modal opened={!!edit} onClose={() => setEdit(null)} title={edit?.Id ? 'Editar categoría' : 'Nueva categoría'}>
        <Stack gap="sm">
          <TextInput
            label="Nombre"
            withAsterisk
            value={edit?.Nombre ?? ''}
            error={err.Nombre}
            onChange={(ev) => setEdit({ ...edit, Nombre: ev.currentTarget.value })}
          />
          <PieEdicion
            e={e}
            cuerpo={() => ({ Nombre: edit?.Nombre ?? '', Orden: edit?.Orden ?? 0, Baja: edit?.Baja ?? false })}
          />
        </Stack>
      </Modal>
    </Pagina>
  );
}

/** admvideoscont: the videos (title, URL, account types that see them). */
export function VideosContenido() {
  const q = useLista<Video>(`${ADM}/admvideoscont/list`);
  const cats = useLista<Categoria>(`${ADM}/admvideoscat/list`);
  const e = useEdicion<Video>('admvideoscont');
  const { edit, setEdit, err } = e;
  const cuerpo = () => ({
    IdCategoria: edit?.IdCategoria ?? 0,
    Titulo: edit?.Titulo ?? '',
    Descripcion: edit?.Descripcion ?? '',
    Url: edit?.Url ?? '',
    TiposCuenta: edit?.TiposCuenta ?? [],
    Orden: edit?.Orden ?? 0,
    Baja: edit?.Baja ?? false,
  });
  return (
    <Pagina titulo="Vídeos" acciones={<Button onClick={() => setEdit({})}>Nuevo vídeo</Button>}>
      <Tabla
        etiqueta="Vídeos tutoriales"
        filas={q.data?.Items}
        clave={(v) => v.Id}
        abrir={(v) => setEdit(v)}
        vacio="No hay vídeos"
        columnas={[
          { titulo: 'Categoría', celda: (v) => v.Categoria },
          { titulo: 'Título', celda: (v) => v.Titulo },
          { titulo: 'Tipos de cuenta', celda: (v) => v.TiposCuenta.join(', ') || 'Todos' },
          { titulo: 'Estado', celda: (v) => <SiNo si={!v.Baja} textoSi="Activo" textoNo="Baja" /> },
        ]}
      />
      <Modal opened={!!edit} onClose={() => setEdit(null)} title={edit?.Id ? 'Editar vídeo' : 'Nuevo vídeo'}>
        <Stack gap="sm">
          <Select
            label="Categoría"
            withAsterisk
            data={(cats.data?.Items ?? []).map((c) => ({ value: String(c.Id), label: c.Nombre }))}
            value={edit?.IdCategoria ? String(edit.IdCategoria) : null}
            error={err.IdCategoria}
            onChange={(c) => setEdit({ ...edit, IdCategoria: Number(c) })}
          />
          <TextInput
            label="Título"
            withAsterisk
            value={edit?.Titulo ?? ''}
            error={err.Titulo}
            onChange={(ev) => setEdit({ ...edit, Titulo: ev.currentTarget.value })}
          />
          <TextInput
            label="URL del vídeo"
            withAsterisk
            description="https://… o una ruta del servidor (/…)"
            value={edit?.Url ?? ''}
            error={err.Url}
            onChange={(ev) => setEdit({ ...edit, Url: ev.currentTarget.value })}
          />
          <Textarea
            label="Descripción"
            value={edit?.Descripcion ?? ''}
            onChange={(ev) => setEdit({ ...edit, Descripcion: ev.currentTarget.value })}
          />
          <MultiSelect
            label="Tipos de cuenta que lo ven (vacío: todos)"
            data={TIPOS}
            value={edit?.TiposCuenta ?? []}
            onChange={(t) => setEdit({ ...edit, TiposCuenta: t })}
          />
          <PieEdicion e={e} cuerpo={cuerpo} />
        </Stack>
      </Modal>
    </Pagina>
  );
}
