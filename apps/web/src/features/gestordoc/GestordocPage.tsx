import { formatDate, LEVEL_FOR_ACTION, levelIn, MSG } from '@faro/domain';
import {
  Anchor,
  Breadcrumbs,
  Button,
  FileButton,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifyError, notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { DebouncedText } from '../../ui/fields/filters.tsx';
import { textoDe } from '../../ui/form/erroresCampo.ts';
import { IconPlus } from '../../ui/icons.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { descargarFichero, type FicheroGd, motivoRechazo, tamano } from './ficheros.ts';
import { DescargarFichero, EliminarFichero } from './IconosFichero.tsx';

const RUTA = 'configuracion/gestordoc';
const CARPETAS = 'configuracion/gdcarpetas';
interface Fichero extends FicheroGd {
  IdCarpeta: number | null;
}
interface Carpeta {
  Id: number;
  Nombre: string;
  IdPadre?: number | null;
}
interface Listado extends ListAnswer<Fichero> {
  Carpetas: Carpeta[];
  Ruta: Carpeta[];
}

/** `gestordoc/lista`: folders and files of the company (jpg, png, pdf): upload, preview, download, move, delete. */
export function GestordocPage() {
  usePageTitle('Gestor documental');
  const { info, centro } = useReady();
  const level = levelIn(info, 'ConfEmpresa', centro);
  const client = useQueryClient();
  const [carpeta, setCarpeta] = useState<number | null>(null);
  const [buscar, setBuscar] = useState('');
  const [nueva, setNueva] = useState(false);
  const [vista, setVista] = useState<Fichero | null>(null);
  const clave = qk.entity(info.IdEmpresa, 'gestordoc');
  const filtros = buscar.trim() ? { Buscar: buscar.trim() } : carpeta ? { IdCarpeta: carpeta } : {};
  const q = useQuery({
    queryKey: [...clave, filtros],
    queryFn: () => api.get<Listado>(`${RUTA}/list`, { params: { Filtros: JSON.stringify(filtros), TotalPagina: 200 } }),
    enabled: level >= 1,
  });
  const todas = useQuery({
    queryKey: [...clave, 'carpetas'],
    queryFn: () => api.get<ListAnswer<Carpeta>>(`${CARPETAS}/list`, { background: true }),
    enabled: level >= 1,
  });
  const refrescar = () => client.invalidateQueries({ queryKey: clave });
  const subir = useMutation({
    mutationFn: (f: File) => api.upload(`${RUTA}/subir`, f, { params: carpeta ? { IdCarpeta: carpeta } : {} }),
    onSuccess: () => {
      notifySuccess('Fichero subido');
      void refrescar();
    },
  });
  const mover = useMutation({
    mutationFn: (v: { f: Fichero; destino: number | null }) =>
      api.put(`${RUTA}/mover/${v.f.Id}`, { IdCarpeta: v.destino }),
    onSuccess: () => {
      notifySuccess('Fichero movido');
      void refrescar();
    },
  });
  const borrar = useMutation({
    mutationFn: (f: Fichero) => api.del(`${RUTA}/delete/${f.Id}`),
    onSuccess: () => {
      notifySuccess('Fichero eliminado');
      void refrescar();
    },
  });
  const descargar = (f: Fichero) => descargarFichero(`${RUTA}/descargar/${f.Id}`, f.Nombre);
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;
  const elegir = (f: File | null) => {
    if (!f) return;
    const rechazo = motivoRechazo(f);
    if (rechazo) return notifyError(rechazo);
    subir.mutate(f);
  };
  const d = q.data;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Gestor documental
        </Title>
        {level >= 2 && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setNueva(true)}>
              Nueva carpeta
            </Button>
            <FileButton onChange={elegir} accept="image/png,image/jpeg,application/pdf">
              {(props) => (
                <Button {...props} loading={subir.isPending}>
                  Subir fichero
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Group>
      <DebouncedText label="Buscar por nombre" value={buscar} onChange={setBuscar} />
      {!buscar.trim() && (
        <Breadcrumbs>
          <Anchor component="button" type="button" onClick={() => setCarpeta(null)}>
            Documentos
          </Anchor>
          {d?.Ruta.map((r) => (
            <Anchor key={r.Id} component="button" type="button" onClick={() => setCarpeta(r.Id)}>
              {r.Nombre}
            </Anchor>
          ))}
        </Breadcrumbs>
      )}
      <Paper withBorder>
        <TablaSimple
          minWidth={320}
          highlightOnHover
          columnas={[
            'Nombre',
            { titulo: 'Tamaño', visibleFrom: 'sm' },
            { titulo: 'Subido', visibleFrom: 'sm' },
            'Acciones',
          ]}
        >
          {d?.Carpetas.map((c) => (
            <Table.Tr key={`c${c.Id}`}>
              <Table.Td colSpan={4}>
                <Anchor component="button" type="button" fw={600} onClick={() => setCarpeta(c.Id)}>
                  📁 {c.Nombre}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
          {d?.Items.map((f) => (
            <Table.Tr key={f.Id}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => setVista(f)}>
                  {f.Nombre}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">{tamano(f.Tamano)}</Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(f.Subido.slice(0, 10))}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <DescargarFichero nombre={f.Nombre} onClick={() => void descargar(f)} />
                  {level >= 2 && (
                    <Menu withinPortal>
                      <Menu.Target>
                        <Button size="compact-xs" variant="light" aria-label={`Mover ${f.Nombre}`}>
                          Mover
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => mover.mutate({ f, destino: null })}>Documentos (raíz)</Menu.Item>
                        {(todas.data?.Items ?? [])
                          .filter((c) => c.Id !== f.IdCarpeta)
                          .map((c) => (
                            <Menu.Item key={c.Id} onClick={() => mover.mutate({ f, destino: c.Id })}>
                              {c.Nombre}
                            </Menu.Item>
                          ))}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                  {level >= 3 && <EliminarFichero nombre={f.Nombre} onClick={() => borrar.mutate(f)} />}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </TablaSimple>
        {d && d.Items.length === 0 && d.Carpetas.length === 0 && (
          <Text c="dimmed" p="sm">
            {buscar.trim() ? 'Ningún fichero se llama así.' : 'Esta carpeta está vacía.'}
          </Text>
        )}
      </Paper>
      {nueva && <NuevaCarpeta padre={carpeta} onClose={() => setNueva(false)} onHecha={() => void refrescar()} />}
      {vista && <VistaPrevia f={vista} onClose={() => setVista(null)} />}
    </Stack>
  );
}

function NuevaCarpeta({ padre, onClose, onHecha }: { padre: number | null; onClose: () => void; onHecha: () => void }) {
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState<string | null>(null);
  const crear = useMutation({
    mutationFn: () => api.post(`${CARPETAS}/save`, { Nombre: nombre, IdPadre: padre }),
    onSuccess: () => {
      notifySuccess(MSG.saved);
      onHecha();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title="Nueva carpeta">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!nombre.trim()) return setError(MSG.required('Nombre'));
          crear.mutate();
        }}
      >
        <Stack>
          <TextInput label="Nombre" required autoFocus maxLength={100} {...textoDe(nombre, setNombre, error)} />
          <BotonesDialogo onCancelar={onClose} type="submit" loading={crear.isPending}>
            Crear
          </BotonesDialogo>
        </Stack>
      </form>
    </Modal>
  );
}

function VistaPrevia({ f, onClose }: { f: Fichero; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let u: string | null = null;
    api
      .download(`${RUTA}/descargar/${f.Id}`, { ver: 1 })
      .then((b) => {
        u = URL.createObjectURL(f.Tipo === 'pdf' ? new Blob([b], { type: 'application/pdf' }) : b);
        setUrl(u);
      })
      .catch(() => notifyError(MSG.fileMissing));
    return () => {
      if (u) URL.revokeObjectURL(u);
    };
  }, [f]);
  return (
    <Modal opened onClose={onClose} title={f.Nombre} size="xl">
      {!url ? (
        <Text>Cargando datos...</Text>
      ) : f.Tipo === 'pdf' ? (
        <iframe src={url} title={f.Nombre} style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : (
        <img src={url} alt={f.Nombre} style={{ maxWidth: '100%' }} />
      )}
    </Modal>
  );
}
