import { type InfoEmpresa, LEVEL_FOR_ACTION, levelIn } from '@faro/domain';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import type { DocumentoVenta } from '../documentos/documentosModel.ts';
import { EstadoBadge, QrVerifactu } from '../verifactu/QrVerifactu.tsx';
import { ENTIDAD_VF, PERMISO_VF, type RegistroFila, RUTA_VF } from '../verifactu/verifactuModel.ts';

/** The card is shown: a VeriFactu company and an issued invoice with its cotejo URL. */
export const conVerifactu = (info: Pick<InfoEmpresa, 'TipoFacturaElectronica'>, doc: DocumentoVenta | undefined) =>
  info.TipoFacturaElectronica === 'verifactu' && !!doc?.UrlQr && doc.Numero !== null;

/**
 * The VeriFactu card of an issued invoice: the QR of its cotejo URL (`UrlQr`) with the printed legends, the state
 * of its latest record (`fventaverifactu/factura/{id}`, when the user may read the queue) and a link to the viewer.
 * Nothing for companies that are not on VeriFactu, drafts, or invoices without a QR URL.
 */
export function VerifactuFactura({ doc }: { doc: DocumentoVenta }) {
  const { info, centro } = useReady();
  const activa = conVerifactu(info, doc);
  const puedeVer = levelIn(info, PERMISO_VF, centro) >= LEVEL_FOR_ACTION.list;
  const registros = useQuery({
    // The key of the viewer's query for the same invoice (one cache entry).
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'factura', doc.Id],
    queryFn: () =>
      api.get<ListAnswer<RegistroFila>>(`${RUTA_VF}/factura/${doc.Id}`, { background: true, silent: true }),
    enabled: activa && puedeVer,
    retry: false,
  });
  if (!activa || !doc.UrlQr) return null;
  const ultimo = registros.data?.Items.at(-1);
  return (
    <Card withBorder radius="md" padding="sm" h="100%" data-testid="verifactu">
      <Stack gap={6} align="center">
        <QrVerifactu url={doc.UrlQr} tamano={128} />
        {puedeVer && (
          <Group gap={6} justify="center" data-testid="verifactu-estado">
            <Text size="xs" c="dimmed">
              Registro:
            </Text>
            {ultimo ? (
              <EstadoBadge estado={ultimo.Estado} />
            ) : (
              <Text size="xs" c="dimmed">
                {registros.isError ? 'sin registro' : '…'}
              </Text>
            )}
          </Group>
        )}
        {puedeVer && (
          <Anchor component={Link} to={`/fventavisorvf/factura/${doc.Id}`} size="sm">
            Ver registro VeriFactu
          </Anchor>
        )}
        <Anchor href={doc.UrlQr} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
          Cotejar en la AEAT
        </Anchor>
      </Stack>
    </Card>
  );
}
