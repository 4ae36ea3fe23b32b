import { isStudent } from '@faro/domain';
import { Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';

interface DatosEmpresa {
  DatosEmpresa: string;
  PolDevoluciones: string;
}

/** Company data and purchase policy (both multi-line text). */
export function CompanyDataModal({ focus, onClose }: { focus: 'datos' | 'politica'; onClose: () => void }) {
  const { info } = useReady();
  const { data, isLoading } = useQuery({
    queryKey: qk.datosEmpresa(info.IdEmpresa),
    // Students read it from the training area (spec section 7); office users from the users area.
    queryFn: () =>
      api.get<DatosEmpresa>(
        isStudent(info) ? 'formacion/portalalu/principal/datosempresa' : 'usuarios/portal/datosempresa',
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const sections = [
    { key: 'datos', title: 'Datos de la empresa', text: data?.DatosEmpresa },
    { key: 'politica', title: 'Política de compra', text: data?.PolDevoluciones },
  ].sort((a) => (a.key === focus ? -1 : 1));
  return (
    <Modal opened onClose={onClose} title={info.NombreEmpresa} size="lg">
      {isLoading ? (
        <Loader />
      ) : (
        <Stack>
          {sections.map((s) => (
            <div key={s.key}>
              <Title order={4} mb={4}>
                {s.title}
              </Title>
              <Text style={{ whiteSpace: 'pre-line' }}>{s.text || '—'}</Text>
            </div>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
