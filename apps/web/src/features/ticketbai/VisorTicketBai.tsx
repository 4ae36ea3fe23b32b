import { formatAmount } from '@faro/domain';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { EstadoBadge } from '../registrosFiscales/EstadoBadge.tsx';
import { FacturaDelRegistro, TablaDatos, VisorRegistro } from '../registrosFiscales/VisorRegistro.tsx';
import { CANAL_TBAI } from './canalTicketBai.tsx';
import { QrTicketBai } from './QrTicketBai.tsx';
import {
  CLASES_TBAI,
  ENTIDAD_TBAI,
  type FicheroVista,
  fechaHoraTexto,
  fechaTexto,
  numeroTexto,
  RUTA_TBAI,
} from './ticketbaiModel.ts';

// The viewer of one TicketBAI file (lroefactemitidas/editar/{id}): signature, chain, QR, state and the answer.
export function VisorTicketBai({ id }: { id: number }) {
  usePageTitle('Fichero TicketBAI');
  const { info } = useReady();
  const q = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_TBAI), 'fichero', id],
    queryFn: () => api.get<FicheroVista>(`${RUTA_TBAI}/edit/${id}`),
  });
  const f = q.data;
  if (q.isError) return <Alert color="gray">No existe ese fichero TicketBAI</Alert>;
  if (!f) return <Loader size="sm" />;
  return (
    <VisorRegistro
      maw={1100}
      cabecera={
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {CLASES_TBAI[f.Clase]} TicketBAI · {numeroTexto(f)}
          </Title>
          <Group gap="xs">
            <Anchor component={Link} to="/lroefactemitidas/lista" size="sm">
              Volver a la lista
            </Anchor>
            <Anchor href={`/api/${RUTA_TBAI}/xml/${f.Id}`} size="sm">
              Descargar XML
            </Anchor>
          </Group>
        </Group>
      }
      datos={<DatosFichero fichero={f} />}
      qr={
        f.UrlQr && f.Identificador
          ? { url: f.UrlQr, simbolo: <QrTicketBai url={f.UrlQr} identificador={f.Identificador} /> }
          : null
      }
      xml={{
        titulo: 'Fichero firmado (XML)',
        etiqueta: 'XML del fichero firmado',
        texto: f.Xml,
        alto: { fijo: 260 },
      }}
    />
  );
}

/** The file's state and answer, invoice, identifier, signature and its link to the previous file of the series. */
function DatosFichero({ fichero: f }: { fichero: FicheroVista }) {
  return (
    <TablaDatos
      anchoEtiqueta={110}
      corte={{ wordBreak: 'break-all' }}
      filas={[
        [
          'Estado',
          <Group key="e" gap={6}>
            <EstadoBadge estado={f.Estado} />
            {f.NumeroRegistro && <Text size="sm">Registro {f.NumeroRegistro}</Text>}
          </Group>,
        ],
        f.DescripcionError && [
          'Respuesta',
          <Text key="r" size="sm" c={f.Estado === 'rechazado' ? 'red' : undefined}>
            {f.CodigoError ? `(${f.CodigoError}) ` : ''}
            {f.DescripcionError}
          </Text>,
        ],
        [
          'Factura',
          <FacturaDelRegistro key="f" idFactura={f.IdFactura} numero={numeroTexto(f)} fecha={fechaTexto(f.Fecha)} />,
        ],
        f.ImporteTotal && ['Importe total', formatAmount(f.ImporteTotal)],
        f.Identificador && [
          'Identificador TBAI',
          <Text key="i" ff="monospace" size="sm">
            {f.Identificador}
          </Text>,
        ],
        ['Firmante', f.Firmante ?? '—'],
        ['Política de firma', f.Politica ?? '—'],
        [
          'Firma (SignatureValue)',
          <Text key="s" ff="monospace" size="xs">
            {f.SignatureValue.slice(0, 100)}…
          </Text>,
        ],
        f.Clase === 'alta' && ['Encadenamiento', <Encadenamiento key="a" fichero={f} />],
        [
          'Cadena',
          f.Cadena.Valida ? (
            <Text key="c" size="sm" fw={600}>
              Correcta
            </Text>
          ) : (
            f.Cadena.Incidencias.map((i) => (
              <Text key={i} size="sm" c="red">
                {i}
              </Text>
            ))
          ),
        ],
        ['Generado', fechaHoraTexto(f.Creado)],
        ['Enviado', fechaHoraTexto(f.Enviado)],
      ]}
    />
  );
}

function Encadenamiento({ fichero: f }: { fichero: FicheroVista }) {
  if (!f.Anterior) return 'Primer fichero de la serie';
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={CANAL_TBAI.rutaRegistro(f.Anterior.Id)} size="sm">
        Anterior: {f.Anterior.Serie}
        {f.Anterior.Numero} ({fechaTexto(f.Anterior.Fecha)})
      </Anchor>
      <Text ff="monospace" size="xs">
        {f.FirmaAnterior}
      </Text>
    </Stack>
  );
}
