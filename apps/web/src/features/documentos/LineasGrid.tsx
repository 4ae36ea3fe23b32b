import { formatAmount, formatDate, formatNumber, redondearPrecio } from '@faro/domain';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { type KeyboardEvent, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useReferenceList } from '../../platform/referenceLists.ts';
import { DateInput } from '../../ui/dates.ts';
import { errorLines } from '../../ui/form/FormField.tsx';
import { IconPlus, IconTrash } from '../../ui/icons.tsx';
import { usePhone } from '../../ui/list/phone.ts';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { BuscadorSelect } from './BuscadorSelect.tsx';
import {
  type PrecioTarifa,
  type ProductoFila,
  precioTarifa,
  type TipoIvaFila,
  ultimoPrecioCompra,
} from './documentosApi.ts';
import { aDecimal, type LineaForm, lineaVacia, numeroEditable } from './documentosModel.ts';

/** Batch fields: for products with traceability, or lines that already carry a batch. */
const conLote = (l: LineaForm, traza: string | null | undefined) =>
  traza === 'lote' || traza === 'lotefecha' || !!l.Lote || !!l.Caducidad;

type Col = 'Producto' | 'Descripcion' | 'Cantidad' | 'Precio' | 'Descuento' | 'TipoIva' | 'Lote' | 'Caducidad';

export interface LineasGridProps {
  lineas: LineaForm[];
  /** Replaces the lines (always from the latest lines: async price answers use it too). */
  onChange: (update: (lineas: LineaForm[]) => LineaForm[]) => void;
  tipos: TipoIvaFila[];
  importes: (string | null)[];
  errors: (campo: string) => string[];
  touch: (campo: string) => void;
  readOnly: boolean;
  cliente: number | null;
  fecha: string;
  tipoIvaDefecto: string;
  /** The document total, repeated under the lines while typing. */
  total?: string;
  /** Errors of the lines as a whole (none, totals error on a line). */
  errorGeneral?: string[];
  /** The company's rounding decimals (infoempre DecimalesRedondeo): product and tariff prices come in rounded to them. */
  decimalesPrecio?: number;
  /** Purchases: a picked product brings its last purchase price from the supplier (else its purchase price). */
  compra?: boolean;
  /** The traceability of the stored lines' products (a loaded document's lines do not carry it). */
  trazas?: Readonly<Record<number, string | null>>;
}

/** The option the keyboard has highlighted in a combobox's list (Mantine marks it data-combobox-selected). */
function opcionResaltada(input: HTMLInputElement): boolean {
  const list = input.getAttribute('aria-controls');
  return !!(list && document.getElementById(list)?.querySelector('[data-combobox-selected]'));
}

/** A short label for the narrow VAT cell ("IVA 21 %"); the description when two types share it or for 0 %. */
function etiquetaIva(t: TipoIvaFila, todos: TipoIvaFila[]): string {
  const corta = (x: TipoIvaFila) => `${x.Impuesto} ${formatNumber(x.PorcentajeIva).replace(/,00$/, '')} %`;
  if (Number(t.PorcentajeIva) === 0) return t.Descripcion;
  return todos.filter((x) => !x.Baja && corta(x) === corta(t)).length > 1 ? t.Descripcion : corta(t);
}

const productoEtiqueta = (p: ProductoFila) => `${p.Codigo ? `${p.Codigo} · ` : ''}${p.Descripcion}`;

/**
 * The lines of a document, keyboard first: Enter on the last line adds a line and puts the cursor on its product,
 * Enter elsewhere and the up/down arrows move between lines; picking a product fills its description, VAT type and
 * the customer's tariff price, then jumps to the quantity. A line without a product is a free-text line.
 */
export function LineasGrid(p: LineasGridProps) {
  const refs = useRef(new Map<string, HTMLInputElement | null>());
  const productos = useReferenceList('productos');
  const phone = usePhone();
  const nombreProducto = new Map((productos.data ?? []).map((r) => [r.value, r.label]));
  if (p.readOnly)
    return <LineasLectura lineas={p.lineas} importes={p.importes} tipos={p.tipos} nombres={nombreProducto} />;
  const setRef = (key: string, col: Col) => (el: HTMLInputElement | null) => {
    refs.current.set(`${key}:${col}`, el);
  };
  // Focus moves at once, so keys typed right after Enter (fast typists, barcode scanners) land in the new cell.
  const focus = (key: string | undefined, col: Col) => {
    if (!key) return;
    const el = refs.current.get(`${key}:${col}`);
    if (el) el.focus();
    else setTimeout(() => refs.current.get(`${key}:${col}`)?.focus(), 0);
  };
  const patch = (key: string, cambios: Partial<LineaForm>) =>
    p.onChange((ls) => ls.map((l) => (l.key === key ? { ...l, ...cambios } : l)));

  const addLine = () => {
    const nueva = lineaVacia(p.tipoIvaDefecto);
    // Rendered synchronously: the new line's inputs exist when the focus moves.
    flushSync(() => p.onChange((ls) => [...ls, nueva]));
    focus(nueva.key, 'Producto');
  };

  const onKey = (i: number, col: Col) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const down = e.key === 'Enter' || (e.key === 'ArrowDown' && col !== 'Producto' && col !== 'TipoIva');
    const up = e.key === 'ArrowUp' && col !== 'Producto' && col !== 'TipoIva';
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) return; // Ctrl+Enter saves (the form handles it)
    if (down) {
      e.preventDefault();
      if (i === p.lineas.length - 1) {
        if (e.key === 'Enter') addLine();
      } else focus(p.lineas[i + 1]?.key, e.key === 'Enter' ? 'Producto' : col);
    } else if (up && i > 0) {
      e.preventDefault();
      focus(p.lineas[i - 1]?.key, col);
    }
  };

  const trazaDe = (l: LineaForm) => l.Traza ?? (l.IdProducto ? p.trazas?.[l.IdProducto] : null) ?? null;

  const pick = async (l: LineaForm, prod: ProductoFila | null) => {
    if (!prod) {
      patch(l.key, { IdProducto: null, Producto: '' });
      return;
    }
    const tipo = p.tipos.find((t) => t.Id === prod.IdTipoIva)?.Valor;
    const precioInicial = numeroEditable(
      redondearPrecio((p.compra ? prod.PrecioCompra : prod.PrecioVenta) ?? '0', p.decimalesPrecio),
      2,
    );
    patch(l.key, {
      IdProducto: prod.Id,
      Producto: productoEtiqueta(prod),
      Descripcion: prod.Descripcion,
      Precio: precioInicial,
      Descuento: '',
      Traza: prod.Trazabilidad ?? null,
      ...(tipo ? { TipoIva: tipo } : {}),
    });
    focus(l.key, 'Cantidad');
    const precio: (Pick<PrecioTarifa, 'Precio'> & { Descuento: string | null }) | null = p.compra
      ? await ultimoPrecioCompra(prod.Id, p.cliente)
      : await precioTarifa(prod.Id, p.cliente, aDecimal(l.Cantidad || '1'), p.fecha);
    if (!precio) return;
    // The tariff or last purchase price arrives after the pick: it never overwrites a price or discount typed meanwhile.
    p.onChange((ls) =>
      ls.map((x) =>
        x.key === l.key && x.IdProducto === prod.Id && x.Precio === precioInicial && !x.Descuento
          ? {
              ...x,
              Precio: numeroEditable(redondearPrecio(precio.Precio, p.decimalesPrecio), 2),
              Descuento: Number(precio.Descuento) ? numeroEditable(precio.Descuento) : '',
            }
          : x,
      ),
    );
  };

  const tipoOptions = p.tipos
    .filter((t) => !t.Baja || p.lineas.some((l) => l.TipoIva === t.Valor))
    .map((t) => ({ value: t.Valor, label: etiquetaIva(t, p.tipos) }));

  const cellError = (i: number, col: Col) => {
    const list = p.errors(`Lineas.${i}.${col === 'Producto' ? 'IdProducto' : col}`);
    return list.length ? errorLines(list) : undefined;
  };
  const num = (i: number, l: LineaForm, col: 'Cantidad' | 'Precio' | 'Descuento', label: string) => (
    <TextInput
      ref={setRef(l.key, col)}
      aria-label={`${label} ${i + 1}`}
      label={phone ? (col === 'Descuento' ? 'Dto. %' : label) : undefined}
      size="xs"
      inputMode="decimal"
      value={l[col]}
      readOnly={p.readOnly}
      variant={p.readOnly ? 'unstyled' : 'default'}
      placeholder={col === 'Descuento' ? '0' : ''}
      styles={{ input: { textAlign: 'right' } }}
      error={cellError(i, col)}
      onChange={(e) => patch(l.key, { [col]: e.currentTarget.value })}
      onBlur={() => p.touch(`Lineas.${i}.${col}`)}
      onKeyDown={onKey(i, col)}
    />
  );

  // The cells of a line: a table row on wide screens, a card below 768 px (Cantidad and Precio on screen).
  const celdas = (l: LineaForm, i: number) => ({
    producto: (
      <BuscadorSelect<ProductoFila>
        ref={setRef(l.key, 'Producto')}
        path="catalogo/productos/list"
        entidad="productos"
        aria-label={`Producto ${i + 1}`}
        size="xs"
        variant={p.readOnly ? 'unstyled' : 'default'}
        placeholder={p.readOnly ? '' : 'Código o nombre'}
        value={l.IdProducto}
        etiqueta={
          l.Producto || (l.IdProducto ? (nombreProducto.get(String(l.IdProducto)) ?? `Producto ${l.IdProducto}`) : '')
        }
        opcion={productoEtiqueta}
        readOnly={p.readOnly}
        error={cellError(i, 'Producto')}
        onPick={(prod) => void pick(l, prod)}
        onKeyDown={(e) => {
          // Enter with no option highlighted (nothing typed): a free-text line, go to the description.
          if (e.key === 'Enter' && !opcionResaltada(e.currentTarget)) {
            e.preventDefault();
            focus(l.key, 'Descripcion');
          }
        }}
      />
    ),
    descripcion: (
      <>
        <TextInput
          ref={setRef(l.key, 'Descripcion')}
          aria-label={`Descripción ${i + 1}`}
          size="xs"
          value={l.Descripcion}
          readOnly={p.readOnly}
          variant={p.readOnly ? 'unstyled' : 'default'}
          placeholder={p.readOnly ? '' : 'Texto libre o descripción del producto'}
          error={cellError(i, 'Descripcion')}
          onChange={(e) => patch(l.key, { Descripcion: e.currentTarget.value })}
          onBlur={(e) => {
            // Show the start of a long description once the browser has finished with the caret.
            const el = e.currentTarget;
            setTimeout(() => {
              if (document.activeElement !== el) el.scrollLeft = 0;
            }, 0);
            p.touch(`Lineas.${i}.Descripcion`);
          }}
          onKeyDown={onKey(i, 'Descripcion')}
        />
        {conLote(l, trazaDe(l)) && (
          <Group gap={4} mt={4} wrap="nowrap">
            <TextInput
              aria-label={`Lote ${i + 1}`}
              size="xs"
              placeholder="Lote / nº de serie"
              value={l.Lote ?? ''}
              error={cellError(i, 'Lote')}
              onChange={(e) => patch(l.key, { Lote: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            {(trazaDe(l) === 'lotefecha' || l.Caducidad) && (
              <DateInput
                aria-label={`Caducidad ${i + 1}`}
                size="xs"
                valueFormat="DD/MM/YYYY"
                placeholder="Caducidad"
                clearable
                value={l.Caducidad || null}
                error={cellError(i, 'Caducidad')}
                onChange={(v) => patch(l.key, { Caducidad: v ? String(v).slice(0, 10) : '' })}
                w={110}
              />
            )}
          </Group>
        )}
      </>
    ),
    iva: (
      <>
        {p.tipos.length === 0 ? (
          <TextInput
            ref={setRef(l.key, 'TipoIva')}
            aria-label={`IVA ${i + 1}`}
            size="xs"
            placeholder="IVA21"
            value={l.TipoIva}
            error={cellError(i, 'TipoIva')}
            onChange={(e) => patch(l.key, { TipoIva: e.currentTarget.value.toUpperCase() })}
            onKeyDown={onKey(i, 'TipoIva')}
          />
        ) : (
          <Select
            ref={setRef(l.key, 'TipoIva')}
            aria-label={`IVA ${i + 1}`}
            size="xs"
            data={tipoOptions}
            value={l.TipoIva || null}
            readOnly={p.readOnly}
            variant={p.readOnly ? 'unstyled' : 'default'}
            allowDeselect={false}
            error={cellError(i, 'TipoIva')}
            onChange={(v) => patch(l.key, { TipoIva: v ?? '' })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !opcionResaltada(e.currentTarget)) onKey(i, 'TipoIva')(e);
            }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </>
    ),
    importe: (
      <>
        <Text size="sm" fw={500} data-testid={`importe-${i + 1}`} style={{ whiteSpace: 'nowrap' }}>
          {p.importes[i] !== null && p.importes[i] !== undefined ? formatAmount(p.importes[i]) : '—'}
        </Text>
        {p.errors(`Lineas.${i}`).map((e) => (
          <Text key={e} size="xs" c="red">
            {e}
          </Text>
        ))}
      </>
    ),
    quitar: (
      <Tooltip label="Quitar la línea" openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Quitar línea ${i + 1}`}
          tabIndex={-1}
          onClick={() =>
            p.onChange((ls) => {
              const rest = ls.filter((x) => x.key !== l.key);
              return rest.length ? rest : [lineaVacia(p.tipoIvaDefecto)];
            })
          }
        >
          <IconTrash size={15} />
        </ActionIcon>
      </Tooltip>
    ),
  });

  return (
    <div data-testid="lineas">
      {phone ? (
        <Stack gap="xs">
          {p.lineas.map((l, i) => {
            const c = celdas(l, i);
            return (
              <Card key={l.key} withBorder radius="sm" padding="xs" data-testid={`linea-${i + 1}`}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      Línea {i + 1}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      {c.importe}
                      {c.quitar}
                    </Group>
                  </Group>
                  {c.producto}
                  {c.descripcion}
                  <SimpleGrid cols={3} spacing={6}>
                    {num(i, l, 'Cantidad', 'Cantidad')}
                    {num(i, l, 'Precio', 'Precio')}
                    {num(i, l, 'Descuento', 'Descuento')}
                  </SimpleGrid>
                  {c.iva}
                </Stack>
              </Card>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table
            verticalSpacing={4}
            horizontalSpacing={6}
            withRowBorders
            highlightOnHover={!p.readOnly}
            style={{ tableLayout: 'fixed' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={30}>#</Table.Th>
                <Table.Th w={180}>Producto</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th w={76} ta="right">
                  Cantidad
                </Table.Th>
                <Table.Th w={94} ta="right">
                  Precio
                </Table.Th>
                <Table.Th w={64} ta="right">
                  Dto. %
                </Table.Th>
                <Table.Th w={128}>IVA</Table.Th>
                <Table.Th w={98} ta="right">
                  Importe
                </Table.Th>
                {!p.readOnly && <Table.Th w={36} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.lineas.map((l, i) => {
                const c = celdas(l, i);
                return (
                  <Table.Tr key={l.key} data-testid={`linea-${i + 1}`}>
                    <NumeroLinea i={i} />
                    <Table.Td>{c.producto}</Table.Td>
                    <Table.Td>{c.descripcion}</Table.Td>
                    <Table.Td>{num(i, l, 'Cantidad', 'Cantidad')}</Table.Td>
                    <Table.Td>{num(i, l, 'Precio', 'Precio')}</Table.Td>
                    <Table.Td>{num(i, l, 'Descuento', 'Descuento')}</Table.Td>
                    <Table.Td>{c.iva}</Table.Td>
                    <Table.Td ta="right">{c.importe}</Table.Td>
                    <Table.Td>{c.quitar}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(p.errorGeneral ?? []).map((e) => (
        <Text key={e} size="sm" c="red" mt={4} role="alert">
          {e}
        </Text>
      ))}
      {!p.readOnly && (
        <Group justify="space-between" mt="xs">
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addLine}>
            Añadir línea
          </Button>
          <Group gap="lg">
            <Text size="xs" c="dimmed" visibleFrom="md">
              Intro: línea nueva · ↑ ↓: moverse entre líneas · Ctrl+Intro: guardar
            </Text>
            {p.total !== undefined && (
              <Text size="sm">
                Total <b data-testid="total-lineas">{formatAmount(p.total)}</b>
              </Text>
            )}
          </Group>
        </Group>
      )}
    </div>
  );
}

/** The lines of a document that can no longer change: plain text, easy to read. */
function LineasLectura({
  lineas,
  importes,
  tipos,
  nombres,
}: {
  lineas: LineaForm[];
  importes: (string | null)[];
  tipos: TipoIvaFila[];
  nombres: Map<string, string>;
}) {
  // The same short VAT labels as the editable grid ("IVA 21 %").
  const tipo = new Map(tipos.map((t) => [t.Valor, etiquetaIva(t, tipos)]));
  // The product under the description only when it says something more (not the catalogue name repeated).
  const producto = (l: LineaForm) => {
    const nombre = l.IdProducto ? (nombres.get(String(l.IdProducto)) ?? `Producto ${l.IdProducto}`) : '';
    return nombre.trim() === l.Descripcion.trim() ? '' : nombre;
  };
  return (
    <TablaSimple
      minWidth={760}
      verticalSpacing={8}
      striped
      data-testid="lineas"
      columnas={[
        { titulo: '#', w: 30 },
        'Descripción',
        derecha('Cantidad'),
        derecha('Precio'),
        derecha('Dto. %'),
        'IVA',
        derecha('Importe'),
      ]}
    >
      {lineas.map((l, i) => (
        <Table.Tr key={l.key} data-testid={`linea-${i + 1}`}>
          <NumeroLinea i={i} />
          <Table.Td>
            <Text size="sm">{l.Descripcion}</Text>
            {producto(l) && (
              <Text size="xs" c="dimmed">
                {producto(l)}
              </Text>
            )}
            {l.Lote && (
              <Text size="xs" c="dimmed">
                Lote {l.Lote}
                {l.Caducidad ? ` · caducidad ${formatDate(l.Caducidad)}` : ''}
              </Text>
            )}
          </Table.Td>
          <Table.Td ta="right">{l.Cantidad}</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {l.Precio
              ? formatAmount(aDecimal(l.Precio), {
                  // A price with the company's 3–6 decimals is shown whole (1,2345 €), never cut to cents.
                  decimals: Math.max(2, (aDecimal(l.Precio).split('.')[1] ?? '').length),
                })
              : ''}
          </Table.Td>
          <Table.Td ta="right">{l.Descuento || ''}</Table.Td>
          <Table.Td>{tipo.get(l.TipoIva) ?? l.TipoIva}</Table.Td>
          <Table.Td ta="right" fw={500} style={{ whiteSpace: 'nowrap' }} data-testid={`importe-${i + 1}`}>
            {importes[i] ? formatAmount(importes[i]) : ''}
          </Table.Td>
        </Table.Tr>
      ))}
    </TablaSimple>
  );
}

/** A line's number, first cell of its row (editable grid and read-only table alike). */
function NumeroLinea({ i }: { i: number }) {
  return (
    <Table.Td>
      <Text size="xs" c="dimmed">
        {i + 1}
      </Text>
    </Table.Td>
  );
}
