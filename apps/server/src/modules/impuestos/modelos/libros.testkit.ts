/**
 * Books generated at random (seeded) for the property tests of the grouped reads (grupos.test.ts for 303 / 390,
 * agrupados.test.ts for the other models): every field a model's classifier reads — rates known and unknown, IGIC,
 * exemptions, recargo, corrective and negative rows (some correcting an earlier invoice), intra-EU goods and
 * services (received invoices with service and goods lines), reverse charge, imports, investment goods,
 * non-deductible parts, withholdings under 111 and 115, supplier dates in other months, NIFs blank, untrimmed and
 * of other EU countries, countries and postal codes, 347's thresholds.
 */
export const ANYO = 2031;

/** The test database's raw SQL (`usarBaseDePruebas()`), for writing the books the app would write. */
interface Consultas {
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

/** mulberry32: the same books on every run. */
export function azar(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function generarLibros(db: Consultas, empresaId: number, n: number) {
  const r = azar(20310101);
  const de = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const dia = () => {
    const mes = 1 + Math.floor(r() * 12);
    return `${ANYO}-${String(mes).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  };
  const importe = () => (Math.round(r() * 300000) / 100) * (r() < 0.08 ? -1 : 1);
  const nifs = ['B00000001', 'b00000002 ', 'B00000003', 'ESB00000004', 'DE123456789', '', null];
  const [cli] = await db.query<{ id: number }>('select id from clientes where empresa_id = $1 limit 1', [empresaId]);
  const [prov] = await db.query<{ id: number }>('select id from proveedores where empresa_id = $1 limit 1', [
    empresaId,
  ]);
  const desglose = (recibida: boolean) =>
    Array.from({ length: 1 + Math.floor(r() * 2) }, () => {
      const b = importe();
      const pct = de(['21', '21', '10', '4', '0', '5', '7.5', '3', '2']);
      const rec = recibida ? '0' : de(['0', '0', '0', '5.2', '1.4', '0.5', '0.9']);
      return {
        Impuesto: r() < 0.05 ? 'IGIC' : de(['IVA', 'IVA', null]),
        PorcentajeIva: pct,
        Base: b.toFixed(2),
        Cuota: ((b * Number(pct)) / 100).toFixed(2),
        PorcentajeRecargo: rec,
        CuotaRecargo: ((b * Number(rec)) / 100).toFixed(2),
        Exencion: recibida ? null : de([null, null, null, 'E5', 'E2', 'E1', '']),
      };
    });
  const paises = ['ES', 'ES', 'DE', 'FR', null, ''];
  const postales = ['28001', '08001', '46001', null, ' 4600'];
  const emitidas = Array.from({ length: n }, (_, i) => ({
    tipo: r() < 0.1 ? 'rectificativa' : de(['factura', 'simplificada']),
    fecha: dia(),
    numero: i + 1,
    nif: de(nifs),
    pais: de(paises),
    cp: de(postales),
    retencion: r() < 0.1 ? (r() * 100).toFixed(2) : '0',
    corrige: Math.floor(r() * 5),
    desglose: desglose(false),
  }));
  // Corrective invoices after the others: each corrects an earlier invoice (of this or an earlier period).
  for (const rectificativas of [false, true])
    await db.query(
      `insert into documentos_venta (empresa_id, tipo, fecha, anyo, numero, num_serie, estado, id_cliente,
         cliente_nombre, cliente_nif, cliente_pais, cliente_cod_postal, total_retencion, id_rectificada, desglose)
       select $1, x.tipo, x.fecha::date, ${ANYO}, x.numero, 'G' || x.numero, 'Emitida', $2,
         'Cliente ' || coalesce(x.nif, ''), x.nif, x.pais, x.cp, x.retencion::numeric,
         (select v.id from documentos_venta v where v.empresa_id = $1 and v.anyo = ${ANYO} and v.fecha <= x.fecha::date
          order by v.id limit 1 offset x.corrige), x.desglose
       from json_to_recordset($3::json) as x(tipo text, fecha text, numero int, nif text, pais text, cp text,
         retencion text, corrige int, desglose jsonb)`,
      [empresaId, cli!.id, JSON.stringify(emitidas.filter((e) => (e.tipo === 'rectificativa') === rectificativas))],
    );
  const recibidas = Array.from({ length: n }, (_, i) => {
    const fecha = dia();
    return {
      tipo: de(['factura', 'gasto']),
      fecha,
      fecha_tercero: r() < 0.15 ? dia() : r() < 0.5 ? fecha : null,
      numero: i + 1,
      nif: de(nifs),
      pais: de(paises),
      cp: de(postales),
      retencion: r() < 0.1 ? (r() * 100).toFixed(2) : '0',
      rectificativa: r() < 0.08 ? 'R1' : null,
      operacion: de(['interior', 'interior', 'intracomunitaria', 'inversion', 'importacion']),
      no_deducible: de(['0', '0', '0', '50']),
      autoliquidacion: de([null, '21', '10']),
      categoria: de([null, '2130', '600', '629']),
      clave: de([null, '111', '115']),
      desglose: desglose(true),
    };
  });
  await db.query(
    `with d as (
       insert into documentos_compra (empresa_id, tipo, fecha, anyo, numero, num_serie, estado, id_proveedor,
         proveedor_nombre, proveedor_nif, proveedor_pais, proveedor_cod_postal, fecha_tercero, total_retencion, tipo_rectificativa, desglose)
       select $1, x.tipo, x.fecha::date, ${ANYO}, null, 'R' || x.numero, 'Borrador', $2,
         'Proveedor ' || coalesce(x.nif, ''), x.nif, x.pais, x.cp, x.fecha_tercero::date, x.retencion::numeric, x.rectificativa,
         x.desglose
       from json_to_recordset($3::json) as x(tipo text, fecha text, fecha_tercero text, numero int, nif text,
         pais text, cp text, retencion text, rectificativa text, desglose jsonb)
       returning id, num_serie)
     insert into datos_compra (empresa_id, id_documento, operacion, porc_no_deducible, porc_autoliquidacion, categoria,
       clave_retencion)
     select $1, d.id, x.operacion, x.no_deducible::numeric, x.autoliquidacion::numeric, x.categoria, x.clave
     from d join json_to_recordset($3::json) as x(numero int, operacion text, no_deducible text, autoliquidacion text,
       categoria text, clave text) on 'R' || x.numero = d.num_serie`,
    [empresaId, prov!.id, JSON.stringify(recibidas)],
  );
  // A corrective received invoice corrects an earlier one; an intra-EU one has a service line and a goods line
  // (349 splits its base by their amounts, one of them at times negative).
  await db.query(
    `update documentos_compra d set id_rectificada = (select min(c.id) from documentos_compra c
       where c.empresa_id = $1 and c.anyo = ${ANYO} and c.fecha < d.fecha)
     where d.empresa_id = $1 and d.anyo = ${ANYO} and d.tipo_rectificativa is not null`,
    [empresaId],
  );
  await db.query(
    `insert into documentos_compra_lineas (empresa_id, id_documento, orden, id_producto, descripcion, cantidad, precio,
       tipo_iva, importe)
     select $1, d.id, o.orden, (select p.id from productos p where p.empresa_id = $1
         and (p.tipo = 'servicio') = (o.orden = 1) order by p.id limit 1),
       'Línea ' || o.orden, 1, 0, 'general', case when o.orden = 1 then (d.id % 7) * 10 else 50 - (d.id % 5) * 20 end
     from documentos_compra d join datos_compra x on x.id_documento = d.id cross join (values (1), (2)) as o(orden)
     where d.empresa_id = $1 and d.anyo = ${ANYO} and d.tipo = 'factura' and x.operacion = 'intracomunitaria'`,
    [empresaId],
  );
  // Registered last: a registered invoice's purchase data cannot be written any more (0024_compras_inmutables).
  await db.query(
    `update documentos_compra set numero = substr(num_serie, 2)::int, estado = 'Registrada'
     where empresa_id = $1 and anyo = ${ANYO} and numero is null`,
    [empresaId],
  );
}
