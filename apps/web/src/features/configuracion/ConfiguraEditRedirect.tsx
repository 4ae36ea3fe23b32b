import { Alert, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';

/** `configura/editar` without an id: the company's one configuration row (created by the server on first read). */
export function ConfiguraEditRedirect() {
  const { info } = useReady();
  const row = useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'configura', 'fila'],
    queryFn: () =>
      api.get<ListAnswer<{ Id: number }>>('configuracion/configura/list', { params: { Pagina: 1, TotalPagina: 1 } }),
  });
  const id = row.data?.Items[0]?.Id;
  if (id !== undefined) return <Navigate to={`/configura/editar/${id}`} replace />;
  if (row.isError || row.data) return <Alert color="red">No hay configuración de la empresa</Alert>;
  return (
    <Center mih={200}>
      <Loader />
    </Center>
  );
}
