import { ES_FACTURA, type InfoEmpresa } from '@faro/domain';
import { Card, Grid, Select, SimpleGrid, Stack, Switch, Text, useMatches } from '@mantine/core';
import { selectableItems, useReferenceList } from '../../platform/referenceLists.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { errorLines } from '../../ui/form/FormField.tsx';
import type { FormApi } from '../../ui/form/useForm.ts';
import { BuscadorSelect } from './BuscadorSelect.tsx';
import { FormaPagoSelect, RetencionInput, SerieSelect } from './CamposDocumento.tsx';
import type { ClienteFila, SerieFila } from './documentosApi.ts';
import { aDecimal, type DocumentoVenta, type DocValues, numeroEditable } from './documentosModel.ts';
import { useLado } from './lado.ts';
import { CampoFecha, ligarCampo } from './MarcoEditor.tsx';
import { type ClienteDatos, datosDeCliente, etiquetaCliente } from './terceroDocumento.ts';

/** Delivery notes and invoices move stock: they carry a warehouse when the company has the stock module. */
export const conAlmacen = (info: InfoEmpresa, tipo: string) =>
  !!info.Modulos?.ActStock && (tipo === 'albaran' || ES_FACTURA(tipo));

/** A read-only document hides the fields it left empty (an issued invoice without agent, warehouse or withholding). */
export const vacio = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'string' && !v.trim());
const sinRetencion = (v: string) => vacio(v) || Number(aDecimal(v)) === 0;

export interface CabeceraProps {
  form: FormApi<DocValues>;
  doc?: DocumentoVenta;
  tipo: string;
  readOnly: boolean;
  cliente: ClienteDatos | null;
  setCliente: (c: ClienteDatos | null) => void;
  series: SerieFila[];
}

/**
 * The header of a document of either side: the party (customer or supplier, searched on the server, its data
 * copied), date, series, payment method, status (not invoices), agent (sales), warehouse, withholding and the
 * simplified-invoice switch (sales); beside it the party's copied data. A new document focuses the party without
 * opening its list, so nothing is covered.
 */
export function CabeceraDocumento({ form, doc, tipo, readOnly, cliente, setCliente, series }: CabeceraProps) {
  const { info } = useReady();
  const lado = useLado();
  const tercero = lado.tercero.etiqueta;
  const ventas = lado.lado === 'venta';
  const factura = ES_FACTURA(tipo);
  const err = (k: keyof DocValues & string) => errorLines(form.errors(k));
  // A select over records: the id as the option's text value, none as null.
  const porId = (k: 'IdComercial' | 'IdAlmacen') => ({
    value: form.values[k] ? String(form.values[k]) : null,
    readOnly,
    onChange: (v: string | null) => form.set(k, v ? Number(v) : null),
    error: err(k),
    comboboxProps: { withinPortal: true },
  });
  // The customer takes two of the three columns on wide screens and the whole row below (a fixed "span 2" on the
  // phone's single column made a second, squeezed column: dates and selects were cut).
  const anchoCliente = useMatches({ base: '1 / -1', lg: 'span 2' });
  const recargo = (cliente?.RegimenIva ?? '') === 'recargo';

  const almacen = conAlmacen(info, tipo);
  const almacenes = useReferenceList('almacenes');
  const almacenOpts = selectableItems(
    almacenes.data ?? [],
    form.values.IdAlmacen ? [String(form.values.IdAlmacen)] : [],
  );
  const conComercial = ventas && !!info.Modulos?.ActComerciales;
  const comerciales = useReferenceList('comerciales');
  const comercialOpts = selectableItems(
    comerciales.data ?? [],
    form.values.IdComercial ? [String(form.values.IdComercial)] : [],
  );
  const tiposSerie = !ventas
    ? lado.seriesDe(tipo)
    : tipo === 'rectificativa'
      ? ['rectificativa', 'rectificativasimplificada']
      : [form.values.Simplificada ? 'simplificada' : tipo];
  const seriesDelTipo = series.filter(
    (s) => tiposSerie.includes(s.TipoDocumento) && (!s.Baja || s.Id === form.values.Serie),
  );
  const serieFija = !!doc && (doc.Numero !== null || !factura);
  const estados = factura ? [] : (lado.estados[tipo] ?? []).filter((e) => e !== 'Anulada' || doc?.Estado === 'Anulada');
  // Read-only documents show only what they hold.
  const ver = (v: unknown) => !readOnly || !vacio(v);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder radius="md" padding="md" h="100%">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
            <div style={{ gridColumn: anchoCliente }} data-testid="celda-cliente">
              <BuscadorSelect<ClienteFila>
                path={lado.tercero.path}
                entidad={lado.tercero.entidad}
                label={tercero}
                placeholder="Busca por código, nombre o NIF"
                required
                autoFocus={!doc}
                value={form.values.Cliente}
                etiqueta={cliente?.Nombre ?? ''}
                opcion={etiquetaCliente}
                readOnly={readOnly}
                error={err('Cliente')}
                onBlur={() => form.touch('Cliente')}
                onPick={(c) => {
                  form.set('Cliente', c?.Id ?? null);
                  setCliente(c ? datosDeCliente(c) : null);
                  if (c?.IdFormaPago) form.set('IdFormaPago', c.IdFormaPago);
                  if (c && Number(c.RetencionIrpf ?? 0) > 0) form.set('PorcRetencion', numeroEditable(c.RetencionIrpf));
                }}
              />
            </div>
            <CampoFecha label="Fecha" required readOnly={readOnly} {...ligarCampo(form, 'Fecha')} />
            {ver(form.values.Serie) && (
              <SerieSelect
                series={seriesDelTipo}
                value={form.values.Serie}
                onChange={(v) => form.set('Serie', v)}
                readOnly={readOnly || serieFija}
                error={err('Serie')}
                sinDefecto="Sin serie"
              />
            )}
            {ver(form.values.IdFormaPago) && (
              <FormaPagoSelect
                value={form.values.IdFormaPago}
                onChange={(v) => form.set('IdFormaPago', v)}
                readOnly={readOnly}
                error={err('IdFormaPago')}
              />
            )}
            {!factura && (
              <Select
                label="Estado"
                data={estados}
                value={form.values.Estado || estados[0] || null}
                readOnly={readOnly}
                allowDeselect={false}
                onChange={(v) => form.set('Estado', v ?? '')}
                error={err('Estado')}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            {conComercial && ver(form.values.IdComercial) && (
              <Select
                label="Comercial"
                data={comercialOpts}
                placeholder="El del cliente"
                clearable
                searchable
                {...porId('IdComercial')}
              />
            )}
            {almacen && ver(form.values.IdAlmacen) && (
              <Select
                label="Almacén"
                data={almacenOpts}
                placeholder="El primero activo"
                clearable
                {...porId('IdAlmacen')}
              />
            )}
            {!(readOnly && sinRetencion(form.values.PorcRetencion)) && (
              <RetencionInput readOnly={readOnly} {...ligarCampo(form, 'PorcRetencion')} />
            )}
            {lado.simplificada && factura && !doc && info.Modulos?.ActVentasSimplificadas && (
              <Switch
                mt={30}
                label="Factura simplificada"
                checked={form.values.Simplificada}
                onChange={(e) => {
                  form.set('Simplificada', e.currentTarget.checked);
                  form.set('Serie', null);
                }}
              />
            )}
          </SimpleGrid>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder radius="md" padding="md" h="100%" bg="var(--mantine-color-gray-0)">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            Datos del {tercero.toLowerCase()}
          </Text>
          {cliente ? (
            <Stack gap={2} mt={6} data-testid="datos-cliente">
              <Text fw={600}>{cliente.Nombre}</Text>
              <Text size="sm">{cliente.NIF ? `NIF ${cliente.NIF}` : 'Sin NIF'}</Text>
              {cliente.Direccion && (
                <Text size="sm" c="dimmed">
                  {cliente.Direccion}
                </Text>
              )}
              {recargo && (
                <Text size="sm" c="orange">
                  En recargo de equivalencia
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" mt={6}>
              Elige un {tercero.toLowerCase()}: sus datos se copian en el documento.
            </Text>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
