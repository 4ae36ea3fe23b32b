import { Alert, Button, FileButton, Group, List, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../platform/api/client.ts';
import { ApiError } from '../../../platform/api/errors.ts';

/** What the import answers: the draft, its supplier, the XML's totals that disagree with Faro's and a currency note. */
export interface FacturaImportada {
  Id: number;
  NumFacturaProveedor: string;
  Proveedor: { Id: number; Nombre: string; Creado: boolean };
  Diferencias: { Campo: string; Mensaje: string }[];
  AvisoMoneda: string | null;
}

/**
 * "Importar factura electrónica" above the received invoices: a UBL file becomes a draft received invoice, and
 * what the user must check before registering it (totals that disagree, another currency) is shown beside the
 * link that opens it. A file button, so it works by keyboard and at 390 px.
 */
export function ImportarFacturaXml() {
  const [ocupado, setOcupado] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hecha, setHecha] = useState<FacturaImportada | null>(null);

  const importar = async (file: File | null) => {
    if (!file) return;
    setOcupado(true);
    setError(null);
    setHecha(null);
    try {
      setHecha(await api.upload<FacturaImportada>('compras/fcompra/importar-xml', file, { silent: true }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se ha podido importar la factura electrónica');
    } finally {
      setOcupado(false);
    }
  };

  const avisos = hecha ? [...hecha.Diferencias.map((d) => d.Mensaje), hecha.AvisoMoneda].filter(Boolean) : [];
  return (
    <Stack gap="xs" mb="sm">
      <Group>
        <FileButton onChange={importar} accept=".xml,application/xml,text/xml">
          {(props) => (
            <Button {...props} variant="light" loading={ocupado}>
              Importar factura electrónica (XML)
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {hecha && (
        <Alert color={avisos.length ? 'yellow' : 'green'} role="status">
          Factura {hecha.NumFacturaProveedor} de {hecha.Proveedor.Nombre}
          {hecha.Proveedor.Creado ? ' (proveedor nuevo)' : ''} importada como borrador.{' '}
          <Link to={`/fcompra/editar/${hecha.Id}`}>Abrir la factura</Link>
          {avisos.length > 0 && (
            <List size="sm" mt="xs">
              {avisos.map((a) => (
                <List.Item key={a}>{a}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}
