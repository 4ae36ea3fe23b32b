import { formatDate } from '@faro/domain';
import { Avatar, Button, FileButton, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifyError, notifySuccess } from '../../platform/ui/notify.ts';
import { SeccionTarjeta } from '../../ui/SeccionTarjeta.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { descargarFichero, type FicheroGd, motivoRechazo, TIPOS_IMAGEN, tamano } from '../gestordoc/ficheros.ts';
import { DescargarFichero, EliminarFichero } from '../gestordoc/IconosFichero.tsx';

const RUTA = 'rrhh/empleados/documentos';
const FOTO = 'rrhh/empleados/foto';

type Documento = FicheroGd;
interface Documentos {
  Items: Documento[];
  Foto: { Id: number } | null;
}

/** The employee's photo (jpg/png) and documents (jpg, png, pdf), kept in the document manager's 'Empleados' folder. */
export function EmpleadoDocumentos({ id, readOnly, level }: { id: number; readOnly: boolean; level: number }) {
  const { info } = useReady();
  const client = useQueryClient();
  const key = [...qk.entity(info.IdEmpresa, 'empleados'), 'documentos', id];
  const docs = useQuery({ queryKey: key, queryFn: () => api.get<Documentos>(`${RUTA}/${id}`) });
  const idFoto = docs.data?.Foto?.Id;
  const [foto, setFoto] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    setFoto(null);
    if (idFoto)
      api
        .download(`${FOTO}/${id}`, { v: idFoto })
        .then((b) => {
          url = URL.createObjectURL(b);
          setFoto(url);
        })
        .catch(() => setFoto(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, idFoto]);
  const refrescar = () => client.invalidateQueries({ queryKey: key });
  const hecho = (mensaje: string) => () => {
    notifySuccess(mensaje);
    void refrescar();
  };
  const subir = useMutation({
    mutationFn: (f: File) => api.upload(`${RUTA}/${id}`, f),
    onSuccess: hecho('Documento subido'),
  });
  const cambiarFoto = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f, f.name);
      return api.put(`${FOTO}/${id}`, undefined, { form });
    },
    onSuccess: hecho('Foto guardada'),
  });
  const quitarFoto = useMutation({ mutationFn: () => api.del(`${FOTO}/${id}`), onSuccess: hecho('Foto eliminada') });
  const borrar = useMutation({
    mutationFn: (d: Documento) => api.del(`${RUTA}/${id}/delete/${d.Id}`),
    onSuccess: hecho('Documento eliminado'),
  });
  const puede = !readOnly && level >= 2;
  const elegir = (tipos: string[] | undefined, accion: (f: File) => void) => (f: File | null) => {
    if (!f) return;
    const rechazo = motivoRechazo(f, tipos);
    if (rechazo) return notifyError(rechazo);
    accion(f);
  };
  const items = docs.data?.Items ?? [];
  return (
    <SeccionTarjeta id="empleado-documentos" titulo="Foto y documentos" mb="xs">
      <Group align="flex-start" wrap="wrap" gap="lg">
        <Stack gap="xs" align="center">
          <Avatar src={foto} alt={foto ? 'Foto del empleado' : undefined} size={96} radius="md">
            {foto ? null : 'Sin foto'}
          </Avatar>
          {puede && (
            <Group gap={4}>
              <FileButton onChange={elegir(TIPOS_IMAGEN, (f) => cambiarFoto.mutate(f))} accept="image/png,image/jpeg">
                {(props) => (
                  <Button {...props} size="xs" variant="light" loading={cambiarFoto.isPending}>
                    {idFoto ? 'Cambiar foto' : 'Subir foto'}
                  </Button>
                )}
              </FileButton>
              {idFoto && (
                <Button size="xs" variant="subtle" color="red" onClick={() => quitarFoto.mutate()}>
                  Quitar foto
                </Button>
              )}
            </Group>
          )}
        </Stack>
        <Stack gap="xs" style={{ flex: 1, minWidth: 260 }}>
          {puede && (
            <Group>
              <FileButton
                onChange={elegir(undefined, (f) => subir.mutate(f))}
                accept="image/png,image/jpeg,application/pdf"
              >
                {(props) => (
                  <Button {...props} size="xs" loading={subir.isPending}>
                    Subir documento
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                jpg, png o pdf de hasta 10 MB
              </Text>
            </Group>
          )}
          {docs.isSuccess && items.length === 0 && <Text c="dimmed">Sin documentos.</Text>}
          {items.length > 0 && (
            <TablaSimple
              columnas={[
                'Documento',
                'Tamaño',
                'Subido',
                { titulo: <VisuallyHidden>Acciones</VisuallyHidden>, clave: 'acciones' },
              ]}
            >
              {items.map((d) => (
                <Table.Tr key={d.Id}>
                  <Table.Td>{d.Nombre}</Table.Td>
                  <Table.Td>{tamano(d.Tamano)}</Table.Td>
                  <Table.Td>{formatDate(d.Subido.slice(0, 10))}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <DescargarFichero
                        nombre={d.Nombre}
                        onClick={() => void descargarFichero(`${RUTA}/${id}/descargar/${d.Id}`, d.Nombre)}
                      />
                      {!readOnly && level >= 3 && (
                        <EliminarFichero nombre={d.Nombre} onClick={() => borrar.mutate(d)} />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </TablaSimple>
          )}
        </Stack>
      </Group>
    </SeccionTarjeta>
  );
}
