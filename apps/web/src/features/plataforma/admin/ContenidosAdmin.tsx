import {
  ACCOUNT_TYPES,
  type FieldDef,
  MARCADORES_CONTRATO,
  PLANES,
  PRIORIDADES_AVISO,
  TIPOS_CUENTA_TEXTO,
} from '@faro/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { ApiError } from '../../../platform/api/errors.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { LazyTemplateBodyInput } from '../../comunicaciones/LazyTemplateBodyInput.tsx';
import { fechaHora, Pagina, SiNo, Tabla, useLista } from '../comun.tsx';

const ADM = 'usuarios/administrador';
const TIPOS = ACCOUNT_TYPES.map((t) => ({ value: t, label: TIPOS_CUENTA_TEXTO[t] }));
const PLANES_OPC = PLANES.map((p) => ({ value: p.Codigo, label: p.Nombre }));
const PRIORIDADES = Object.entries(PRIORIDADES_AVISO).map(([value, label]) => ({ value, label }));
const errores = (err: unknown) =>
  Object.fromEntries((err instanceof ApiError ? err.fieldErrors : []).map((c) => [c.Campo, c.Mensaje]));
const useRecargar = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['plataforma'] });
};

interface ErrorGrupo {
  Grupo: string;
  Metodo: string;
  Ruta: string;
  Nombre: string;
  Mensaje: string;
  Veces: number;
  Empresas: number;
  Ultima: string;
  Referencias: string[];
  Resuelto: string | null;
  ResueltoPor: string | null;
}

/** admexcep: the server's unexpected errors grouped by route and error, searchable, marked resolved. */
export function Excepciones() {
  const [buscar, setBuscar] = useState('');
  const [resueltos, setResueltos] = useState(false);
  const recargar = useRecargar();
  const q = useLista<ErrorGrupo>(`${ADM}/admexcep/list`, {
    Filtros: JSON.stringify({ Buscar: buscar, Resueltos: resueltos }),
    TotalPagina: 100,
  });
  return (
    <Pagina titulo="Excepciones">
      <Group wrap="wrap" align="end">
        <TextInput
          label="Buscar"
          placeholder="Ruta, error, mensaje o referencia"
          value={buscar}
          onChange={(e) => setBuscar(e.currentTarget.value)}
        />
        <Switch label="Ver resueltas" checked={resueltos} onChange={(e) => setResueltos(e.currentTarget.checked)} />
      </Group>
      <Text size="sm" c="dimmed">
        Los mensajes se muestran sin contraseñas, tokens, correos ni números largos.
      </Text>
      <Tabla
        etiqueta="Excepciones agrupadas"
        filas={q.data?.Items}
        clave={(g) => g.Grupo}
        vacio={resueltos ? 'No hay excepciones resueltas' : 'No hay excepciones pendientes'}
        columnas={[
          { titulo: 'Última', celda: (g) => fechaHora(g.Ultima) },
          { titulo: 'Ruta', celda: (g) => `${g.Metodo} ${g.Ruta}` },
          { titulo: 'Error', celda: (g) => g.Nombre },
          { titulo: 'Mensaje', celda: (g) => g.Mensaje },
          { titulo: 'Veces', celda: (g) => g.Veces, numerica: true },
          { titulo: 'Empresas', celda: (g) => g.Empresas, numerica: true },
          { titulo: 'Referencias', celda: (g) => g.Referencias.slice(0, 3).join(' ') },
          {
            titulo: 'Acción',
            celda: (g) => (
              <Button
                size="xs"
                variant="light"
                onClick={async () => {
                  const r = await api.post<{ Mensaje: string }>(`${ADM}/admexcep/resolver`, {
                    Grupo: g.Grupo,
                    Resuelto: !resueltos,
                  });
                  notifySuccess(r.Mensaje);
                  await recargar();
                }}
              >
                {resueltos ? 'Reabrir' : 'Marcar resuelta'}
              </Button>
            ),
          },
        ]}
      />
    </Pagina>
  );
}

interface Aviso {
  Id: number;
  Titulo: string;
  Texto: string;
  Prioridad: keyof typeof PRIORIDADES_AVISO;
  TiposCuenta: string[];
  Planes: string[];
  Destinatarios: number;
  Creado: string;
}

/** admnotifica: notices to all companies or some (account type, plan), with priority; they reach each user. */
export function Notificaciones() {
  const recargar = useRecargar();
  const q = useLista<Aviso>(`${ADM}/admnotifica/list`);
  const vacio = { Titulo: '', Texto: '', Prioridad: 'i', TiposCuenta: [] as string[], Planes: [] as string[] };
  const [v, setV] = useState(vacio);
  const [err, setErr] = useState<Record<string, string>>({});
  const enviar = async () => {
    setErr({});
    try {
      const r = await api.post<{ Mensaje: string }>(`${ADM}/admnotifica/save`, v);
      notifySuccess(r.Mensaje);
      setV(vacio);
      await recargar();
    } catch (e) {
      setErr(errores(e));
    }
  };
  return (
    <Pagina titulo="Notificaciones">
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Nuevo aviso
          </Title>
          <TextInput
            label="Título"
            withAsterisk
            value={v.Titulo}
            error={err.Titulo}
            onChange={(e) => setV({ ...v, Titulo: e.currentTarget.value })}
          />
          <Textarea
            label="Texto"
            withAsterisk
            autosize
            minRows={3}
            value={v.Texto}
            error={err.Texto}
            onChange={(e) => setV({ ...v, Texto: e.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Prioridad"
              data={PRIORIDADES}
              value={v.Prioridad}
              allowDeselect={false}
              onChange={(p) => p && setV({ ...v, Prioridad: p })}
            />
            <MultiSelect
              label="Tipos de cuenta (vacío: todos)"
              data={TIPOS}
              value={v.TiposCuenta}
              onChange={(t) => setV({ ...v, TiposCuenta: t })}
            />
            <MultiSelect
              label="Planes (vacío: todos)"
              data={PLANES_OPC}
              value={v.Planes}
              onChange={(p) => setV({ ...v, Planes: p })}
            />
          </SimpleGrid>
          <Group>
            <Button onClick={enviar}>Enviar aviso</Button>
          </Group>
        </Stack>
      </Card>
      <Tabla
        etiqueta="Avisos enviados"
        filas={q.data?.Items}
        clave={(a) => a.Id}
        vacio="No se ha enviado ningún aviso"
        columnas={[
          { titulo: 'Fecha', celda: (a) => fechaHora(a.Creado) },
          { titulo: 'Título', celda: (a) => a.Titulo },
          { titulo: 'Prioridad', celda: (a) => <Badge variant="light">{PRIORIDADES_AVISO[a.Prioridad]}</Badge> },
          { titulo: 'Destino', celda: (a) => [...a.TiposCuenta, ...a.Planes].join(', ') || 'Todas las empresas' },
          { titulo: 'Usuarios', celda: (a) => a.Destinatarios, numerica: true },
          {
            titulo: 'Acción',
            celda: (a) => (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={async () => {
                  const r = await api.del<{ Mensaje: string }>(`${ADM}/admnotifica/delete/${a.Id}`);
                  notifySuccess(r.Mensaje);
                  await recargar();
                }}
              >
                Eliminar
              </Button>
            ),
          },
        ]}
      />
    </Pagina>
  );
}

interface Plantilla {
  Titulo: string;
  Cuerpo: string;
  Version: number;
}
const CUERPO_DEF = {
  kind: 'richText',
  label: 'Texto del contrato',
  required: true,
  help: `Marcadores: ${MARCADORES_CONTRATO.map((m) => `{{${m}}}`).join(' ')}`,
} as unknown as FieldDef;

/** admcontrato/editar: the contract template (rich text with placeholders); every save is a new version. */
export function ContratoPlantilla() {
  const q = useQuery({
    queryKey: ['plataforma', 'admcontrato'],
    queryFn: () =>
      api.get<{
        Actual: Plantilla;
        Versiones: { Id: number; Version: number; Titulo: string; Autor: string; Creado: string }[];
      }>(`${ADM}/admcontrato/edit`),
  });
  if (!q.data) return <Text c="dimmed">Cargando datos...</Text>;
  return <PlantillaForm key={q.data.Actual.Version} datos={q.data} />;
}

function PlantillaForm({
  datos,
}: {
  datos: {
    Actual: Plantilla;
    Versiones: { Id: number; Version: number; Titulo: string; Autor: string; Creado: string }[];
  };
}) {
  const recargar = useRecargar();
  const [v, setV] = useState({ Titulo: datos.Actual.Titulo, Cuerpo: datos.Actual.Cuerpo });
  const [err, setErr] = useState<Record<string, string>>({});
  return (
    <Pagina titulo="Contrato">
      <Card withBorder>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Versión vigente: {datos.Actual.Version || 'texto por defecto'}. Guardar crea una versión nueva; los
            contratos ya generados conservan la suya.
          </Text>
          <TextInput
            label="Título"
            withAsterisk
            value={v.Titulo}
            error={err.Titulo}
            onChange={(e) => setV({ ...v, Titulo: e.currentTarget.value })}
          />
          <LazyTemplateBodyInput
            name="Cuerpo"
            def={CUERPO_DEF}
            value={v.Cuerpo}
            onChange={(c) => setV((x) => ({ ...x, Cuerpo: String(c ?? '') }))}
            onBlur={() => {}}
            error={err.Cuerpo}
            readOnly={false}
          />
          <Group>
            <Button
              onClick={async () => {
                setErr({});
                try {
                  await api.post(`${ADM}/admcontrato/save`, v);
                  notifySuccess('Se ha guardado una versión nueva del contrato');
                  await recargar();
                } catch (e) {
                  setErr(errores(e));
                }
              }}
            >
              Guardar versión nueva
            </Button>
          </Group>
        </Stack>
      </Card>
      <Tabla
        etiqueta="Versiones del contrato"
        filas={datos.Versiones}
        clave={(x) => x.Id}
        vacio="Todavía no hay versiones guardadas"
        columnas={[
          { titulo: 'Versión', celda: (x) => x.Version, numerica: true },
          { titulo: 'Título', celda: (x) => x.Titulo },
          { titulo: 'Autor', celda: (x) => x.Autor },
          { titulo: 'Fecha', celda: (x) => fechaHora(x.Creado) },
        ]}
      />
    </Pagina>
  );
}

interface Categoria {
  Id: number;
  Nombre: string;
  Orden: number;
  Baja: boolean;
}
interface Video {
  Id: number;
  IdCategoria: number;
  Categoria: string;
  Titulo: string;
  Descripcion: string;
  Url: string;
  TiposCuenta: string[];
  Orden: number;
  Baja: boolean;
}

/** List + modal editing of a platform resource (`{recurso}/save[/id]`, `{recurso}/delete/{id}`). */
function useEdicion<T extends { Id: number }>(recurso: string) {
  const recargar = useRecargar();
  const [edit, setEdit] = useState<Partial<T> | null>(null);
  const [err, setErr] = useState<Record<string, string>>({});
  const cerrar = async () => {
    setEdit(null);
    setErr({});
    await recargar();
  };
  return {
    edit,
    setEdit,
    err,
    guardar: async (body: unknown) => {
      setErr({});
      try {
        if (edit?.Id) await api.put(`${ADM}/${recurso}/save/${edit.Id}`, body);
        else await api.post(`${ADM}/${recurso}/save`, body);
        notifySuccess('Los datos se han guardado correctamente');
        await cerrar();
      } catch (e) {
        setErr(errores(e));
      }
    },
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

interface Version {
  Id: number;
  Version: string;
  Fecha: string;
  Notas: string;
}

/** admversiones/editar: the product version and its release notes (the newest is the one users see). */
export function Versiones() {
  const recargar = useRecargar();
  const q = useLista<Version>(`${ADM}/admversiones/list`);
  const [v, setV] = useState({ Version: '', Fecha: new Date().toISOString().slice(0, 10), Notas: '' });
  const [err, setErr] = useState<Record<string, string>>({});
  return (
    <Pagina titulo="Versiones">
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Publicar una versión
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Versión"
              withAsterisk
              placeholder="1.4.0"
              value={v.Version}
              error={err.Version}
              onChange={(e) => setV({ ...v, Version: e.currentTarget.value })}
            />
            <TextInput
              label="Fecha"
              withAsterisk
              type="date"
              value={v.Fecha}
              error={err.Fecha}
              onChange={(e) => setV({ ...v, Fecha: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Textarea
            label="Notas de la versión"
            withAsterisk
            autosize
            minRows={4}
            value={v.Notas}
            error={err.Notas}
            onChange={(e) => setV({ ...v, Notas: e.currentTarget.value })}
          />
          <Group>
            <Button
              onClick={async () => {
                setErr({});
                try {
                  await api.post(`${ADM}/admversiones/save`, v);
                  notifySuccess('Los datos se han guardado correctamente');
                  await recargar();
                } catch (e) {
                  setErr(errores(e));
                }
              }}
            >
              Publicar
            </Button>
          </Group>
        </Stack>
      </Card>
      {(q.data?.Items ?? []).map((x, i) => (
        <Card key={x.Id} withBorder>
          <Group gap="xs">
            <Title order={2} fz="h4">
              Versión {x.Version}
            </Title>
            {i === 0 && <Badge variant="light">Actual</Badge>}
            <Text size="sm" c="dimmed">
              {x.Fecha.split('-').reverse().join('/')}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{x.Notas}</Text>
        </Card>
      ))}
    </Pagina>
  );
}
