import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { api } from '../../../platform/api/client.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { BotonPdf, fechaHora, SiNo, Tabla, useLista } from '../comun.tsx';
import { ADM } from './adminApi.ts';

interface ContratoFila {
  Id: number;
  Version: number;
  Titulo: string;
  Estado: string;
  Email: string;
  Firmante: string | null;
  Firmado: string | null;
  Hash: string | null;
}

/** The company's contracts: PDF, the customer's copy and resending an unsigned one. */
export function ContratosEmpresa({ empresa }: { empresa: number }) {
  const base = `${ADM}/admusuarios`;
  const q = useLista<ContratoFila>(`${base}/listcontratos/${empresa}`);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          Contratos
        </Title>
        <Tabla
          etiqueta="Contratos de la empresa"
          filas={q.data?.Items}
          clave={(c) => c.Id}
          vacio="La empresa no tiene contratos"
          columnas={[
            { titulo: 'Versión', celda: (c) => c.Version, numerica: true },
            { titulo: 'Contrato', celda: (c) => c.Titulo },
            {
              titulo: 'Estado',
              celda: (c) => <SiNo si={c.Estado === 'firmado'} textoSi="Firmado" textoNo="Pendiente" />,
            },
            { titulo: 'Firmante', celda: (c) => c.Firmante ?? '—' },
            { titulo: 'Firmado', celda: (c) => fechaHora(c.Firmado) },
            {
              titulo: 'SHA-256',
              celda: (c) => (
                <Text size="xs" ff="monospace">
                  {c.Hash ? `${c.Hash.slice(0, 16)}…` : '—'}
                </Text>
              ),
            },
            {
              titulo: 'Acciones',
              celda: (c) => (
                <Group gap={4} wrap="nowrap">
                  <BotonPdf path={`${base}/actcontrato/${empresa}/${c.Id}`}>PDF</BotonPdf>
                  <BotonPdf path={`${base}/printcopiaclie/${empresa}/${c.Id}`}>Copia del cliente</BotonPdf>
                  {c.Estado !== 'firmado' && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={async () => {
                        const r = await api.post<{ Mensaje: string }>(`${base}/enviarcontrato/${empresa}/${c.Id}`);
                        notifySuccess(r.Mensaje);
                      }}
                    >
                      Reenviar
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
