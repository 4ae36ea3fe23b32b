import {
  dniLetter,
  ibanDeCuenta,
  impuestoDe,
  isValidGtin,
  provinciaDeCodigoPostal,
  TIPOS_IVA_DEFECTO,
  type Tributacion,
} from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { col, type EntityTable } from '../platform/db/entityTable.ts';
import {
  almacenesTable,
  centrosTable,
  clientespotTable,
  clientesTable,
  comercialesTable,
  conceptosmovsTable,
  configuraTable,
  contratosTable,
  empleadosTable,
  empresas,
  examinadoresTable,
  familiasTable,
  fpagoTable,
  gruposctoTable,
  movimientosstockTable,
  plantemailTable,
  productosTable,
  proveedoresTable,
  segmentacionTable,
  seriesTable,
  sitlaboralTable,
  stockTable,
  tarifaslineasTable,
  tarifasTable,
  tesoreriaTable,
  tiposivaTable,
} from '../platform/db/schema.ts';

/**
 * Master data of the demo companies DEMO (a hardware and electrical supplies shop), ACADEMIA (a language and
 * tutoring academy) and AUTOESCUELA (a driving school): valid NIFs, CIFs and IBANs, Spanish addresses whose postal
 * code matches the province, products with families and EAN codes, tariffs, two warehouses with stock, series,
 * payment methods, VAT types of the company's regime, treasury accounts, employees and sales reps.
 */

// ---------------------------------------------------------------- valid identifiers
/** A CIF for an entity letter and 7 digits (letter control for P, Q, R, S, N, W; digit otherwise). */
export function demoCif(letter: string, digits: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 1) sum += d;
    else sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
  }
  const c = (10 - (sum % 10)) % 10;
  return `${letter}${digits}${'PQRSNW'.includes(letter) ? 'JABCDEFGHI'[c] : c}`;
}
export const demoDni = (n: number) => `${String(n).padStart(8, '0')}${dniLetter(n)}`;
/** A NIE: X, Y or Z, 7 digits and the letter of the number with X→0, Y→1, Z→2 in front. */
export const demoNie = (prefix: 'X' | 'Y' | 'Z', n: number) =>
  `${prefix}${String(n).padStart(7, '0')}${dniLetter(Number(`${'XYZ'.indexOf(prefix)}${String(n).padStart(7, '0')}`))}`;
/** An EAN-13 from its first 12 digits. */
export function demoEan(twelve: string): string {
  for (let d = 0; d <= 9; d++) if (isValidGtin(`${twelve}${d}`)) return `${twelve}${d}`;
  throw new Error(`EAN imposible: ${twelve}`);
}
/** A social security number (NAF) for a province and an 8-digit number. */
function demoNaf(province: string, number: string): string {
  const base = Number(number) < 10_000_000 ? `${province}${Number(number)}` : `${province}${number}`;
  return `${province}${number}${String(Number(BigInt(base) % 97n)).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- per company
interface Place {
  Direccion: string;
  CodPostal: string;
  Poblacion: string;
}
const place = (Direccion: string, CodPostal: string, Poblacion: string) => ({
  Direccion,
  CodPostal,
  Poblacion,
  Provincia: provinciaDeCodigoPostal(CodPostal),
  Pais: 'ES',
});

interface ProductSeed {
  Codigo: string;
  Descripcion: string;
  familia: string;
  precio: string;
  coste?: string;
  iva: string;
  servicio?: boolean;
  stock?: [string, string];
  unidad?: string;
  ean?: string;
  traza?: 'lote' | 'lotefecha';
}

interface CompanySeed {
  codigo: string;
  empresa: Place & { Telefono: string; Email: string; Web: string; RegistroMercantil: string; NombreComercial: string };
  familias: [string, string, string | null][];
  productos: ProductSeed[];
  clientes: [string, string | null, string, Place, string?][];
  potenciales: [string, string, string][];
  proveedores: [string, string, Place, boolean][];
  empleados: [string, string, string, string][];
  almacenes: [string, string, Place][];
  textos: [string, string, string];
  bankBranch: string;
  /** Driving schools: DGT examiners (code, name, traffic office). */
  examinadores?: [string, string, string][];
}

const DEMO: CompanySeed = {
  codigo: 'DEMO',
  empresa: {
    ...place('Calle de Alcalá 120, local 2', '28009', 'Madrid'),
    Telefono: '914 350 120',
    Email: 'administracion@comercialdemo.es',
    Web: 'https://comercialdemo.es',
    NombreComercial: 'Suministros Demo',
    RegistroMercantil: 'Registro Mercantil de Madrid, tomo 31.456, folio 120, hoja M-565432, inscripción 1.ª',
  },
  familias: [
    ['FERR', 'Ferretería', null],
    ['HERR', 'Herramientas', 'FERR'],
    ['TORN', 'Tornillería y fijación', 'FERR'],
    ['ELEC', 'Material eléctrico', null],
    ['ILUM', 'Iluminación', 'ELEC'],
    ['SERV', 'Servicios', null],
  ],
  productos: [
    {
      Codigo: 'HER-001',
      Descripcion: 'Taladro percutor 800 W',
      familia: 'HERR',
      precio: '89.9000',
      coste: '52.3000',
      iva: 'IVA21',
      stock: ['12', '4'],
      ean: '841234500001',
    },
    {
      Codigo: 'HER-002',
      Descripcion: 'Juego de destornilladores 12 piezas',
      familia: 'HERR',
      precio: '24.5000',
      coste: '11.8000',
      iva: 'IVA21',
      stock: ['30', '10'],
      ean: '841234500002',
    },
    {
      Codigo: 'HER-003',
      Descripcion: 'Martillo de carpintero 500 g',
      familia: 'HERR',
      precio: '14.9500',
      coste: '6.2000',
      iva: 'IVA21',
      stock: ['25', '6'],
      ean: '841234500003',
    },
    {
      Codigo: 'TOR-001',
      Descripcion: 'Tornillo rosca madera 4x40 (caja 200 ud)',
      familia: 'TORN',
      precio: '6.7500',
      coste: '2.9000',
      iva: 'IVA21',
      stock: ['150', '40'],
      ean: '841234500004',
      traza: 'lote',
    },
    {
      Codigo: 'TOR-002',
      Descripcion: 'Taco nailon 8 mm (bolsa 100 ud)',
      familia: 'TORN',
      precio: '4.2000',
      coste: '1.6000',
      iva: 'IVA21',
      stock: ['200', '60'],
      ean: '841234500005',
    },
    {
      Codigo: 'ELE-001',
      Descripcion: 'Cable eléctrico 2,5 mm² (rollo 100 m)',
      familia: 'ELEC',
      precio: '59.0000',
      coste: '38.5000',
      iva: 'IVA21',
      stock: ['18', '5'],
      unidad: 'rollo',
      ean: '841234500006',
    },
    {
      Codigo: 'ELE-002',
      Descripcion: 'Interruptor diferencial 40 A 30 mA',
      familia: 'ELEC',
      precio: '32.8000',
      coste: '19.9000',
      iva: 'IVA21',
      stock: ['20', '0'],
      ean: '841234500007',
    },
    {
      Codigo: 'ILU-001',
      Descripcion: 'Bombilla LED E27 10 W luz cálida',
      familia: 'ILUM',
      precio: '3.9500',
      coste: '1.4000',
      iva: 'IVA21',
      stock: ['400', '120'],
      ean: '841234500008',
    },
    {
      Codigo: 'ILU-002',
      Descripcion: 'Panel LED 60x60 40 W',
      familia: 'ILUM',
      precio: '27.5000',
      coste: '14.0000',
      iva: 'IVA21',
      stock: ['35', '8'],
      ean: '841234500009',
    },
    {
      Codigo: 'SER-001',
      Descripcion: 'Montaje e instalación (hora)',
      familia: 'SERV',
      precio: '38.0000',
      iva: 'IVA21',
      servicio: true,
      unidad: 'h',
    },
    {
      Codigo: 'SER-002',
      Descripcion: 'Portes a domicilio Madrid capital',
      familia: 'SERV',
      precio: '12.0000',
      iva: 'IVA21',
      servicio: true,
    },
  ],
  clientes: [
    [
      'Construcciones Hermanos Ruiz SL',
      'Ruiz Obras',
      demoCif('B', '2876543'),
      place('Calle de Bravo Murillo 210', '28020', 'Madrid'),
      'MAYORISTAS',
    ],
    [
      'Reformas Integrales Levante SL',
      null,
      demoCif('B', '4612345'),
      place('Avenida del Puerto 45', '46023', 'Valencia'),
      'MAYORISTAS',
    ],
    [
      'Electricidad Gómez e Hijos SL',
      'Electro Gómez',
      demoCif('B', '4123456'),
      place('Calle Feria 88', '41003', 'Sevilla'),
      'MAYORISTAS',
    ],
    [
      'Ferretería La Esquina SL',
      null,
      demoCif('B', '0898765'),
      place('Carrer de Mallorca 301', '08037', 'Barcelona'),
      'MINORISTAS',
    ],
    [
      'Comunidad de Propietarios Arturo Soria 45',
      null,
      demoCif('H', '2811223'),
      place('Calle de Arturo Soria 45', '28027', 'Madrid'),
      'PARTICULARES',
    ],
    [
      'Ayuntamiento de Villanueva del Pardillo',
      null,
      demoCif('P', '2816500'),
      place('Plaza Mayor 1', '28229', 'Villanueva del Pardillo'),
      'PARTICULARES',
    ],
    [
      'María Fernández López',
      null,
      demoDni(50123456),
      place('Calle Mayor 12, 3.º B', '28013', 'Madrid'),
      'PARTICULARES',
    ],
    [
      'Jorge Álvarez Prieto',
      'Instalaciones Álvarez',
      demoDni(11987654),
      place('Calle Uría 20', '33003', 'Oviedo'),
      'MINORISTAS',
    ],
    ['Carmen Ortiz Navarro', null, demoNie('X', 4512378), place('Calle Real 5', '29640', 'Fuengirola'), 'PARTICULARES'],
    [
      'Talleres Mecánicos Zubiri SL',
      null,
      demoCif('B', '4887766'),
      place('Calle Licenciado Poza 30', '48011', 'Bilbao'),
      'MINORISTAS',
    ],
    [
      'Hostelería del Ebro SL',
      'Restaurante El Puente',
      demoCif('B', '5055443'),
      place('Paseo de la Independencia 8', '50001', 'Zaragoza'),
      'MINORISTAS',
    ],
    [
      'Clínica Dental Sonrisas SL',
      null,
      demoCif('B', '0322110'),
      place('Avenida de Maisonnave 33', '03003', 'Alicante'),
      'PARTICULARES',
    ],
  ],
  potenciales: [
    ['Promociones Inmobiliarias Sur SL', demoCif('B', '2944556'), 'Feria Construtec'],
    ['Lucía Herrero Campos', demoDni(47223344), 'Web'],
    ['Instalaciones Eléctricas Noroeste SL', demoCif('B', '1533221'), 'Recomendación'],
    ['Colegio San José de Calasanz', demoCif('R', '2800123'), 'Llamada'],
  ],
  proveedores: [
    [
      'Distribuciones Ferreteras del Centro SA',
      demoCif('A', '2811111'),
      place('Calle de la Industria 14', '28923', 'Alcorcón'),
      false,
    ],
    [
      'Material Eléctrico Mediterráneo SL',
      demoCif('B', '4677889'),
      place('Carrer de la Ciutat de Llíria 60', '46980', 'Paterna'),
      false,
    ],
    [
      'Iluminación Técnica del Norte SL',
      demoCif('B', '4811223'),
      place('Polígono Ugaldeguren 3, parcela 7', '48170', 'Zamudio'),
      false,
    ],
    [
      'Transportes Rápidos Castilla SL',
      demoCif('B', '4733445'),
      place('Avenida de Burgos 100', '47009', 'Valladolid'),
      true,
    ],
    ['Gestoría Martín y Asociados SL', demoCif('B', '2899001'), place('Calle de Serrano 90', '28006', 'Madrid'), true],
  ],
  empleados: [
    ['E001', 'Javier', 'López Martín', 'Dependiente'],
    ['E002', 'Carmen', 'Ruiz Sánchez', 'Mozo de almacén'],
    ['E003', 'Alberto', 'Moreno Gil', 'Comercial'],
    ['E004', 'Sonia', 'Vidal Pérez', 'Administración'],
  ],
  almacenes: [
    ['CENTRAL', 'Almacén central', place('Calle de la Industria 22, nave 4', '28923', 'Alcorcón')],
    ['TIENDA', 'Tienda Alcalá', place('Calle de Alcalá 120, local 2', '28009', 'Madrid')],
  ],
  textos: [
    'Portes pagados en pedidos superiores a 300 €',
    'Garantía de 3 años en herramientas',
    'Oferta válida salvo error tipográfico',
  ],
  bankBranch: '0418',
};

const ACADEMIA: CompanySeed = {
  codigo: 'ACADEMIA',
  empresa: {
    ...place('Calle Mayor 1', '28013', 'Madrid'),
    Telefono: '910 000 000',
    Email: 'secretaria@academiademo.es',
    Web: 'https://academiademo.es',
    NombreComercial: 'Academia Demo',
    RegistroMercantil: 'Registro Mercantil de Madrid, tomo 28.001, folio 45, hoja M-500100',
  },
  familias: [
    ['IDIO', 'Cursos de idiomas', null],
    ['REFU', 'Refuerzo escolar', null],
    ['MATE', 'Material didáctico', null],
  ],
  productos: [
    {
      Codigo: 'MAT-ING',
      Descripcion: 'Matrícula cursos de inglés',
      familia: 'IDIO',
      precio: '50.0000',
      iva: 'EXENTO',
      servicio: true,
    },
    {
      Codigo: 'ING-B1',
      Descripcion: 'Mensualidad inglés B1 (2 h/semana)',
      familia: 'IDIO',
      precio: '85.0000',
      iva: 'EXENTO',
      servicio: true,
    },
    {
      Codigo: 'ING-B2',
      Descripcion: 'Mensualidad inglés B2 (3 h/semana)',
      familia: 'IDIO',
      precio: '110.0000',
      iva: 'EXENTO',
      servicio: true,
    },
    {
      Codigo: 'REF-ESO',
      Descripcion: 'Refuerzo matemáticas ESO (mensual)',
      familia: 'REFU',
      precio: '70.0000',
      iva: 'EXENTO',
      servicio: true,
    },
    {
      Codigo: 'CLA-PAR',
      Descripcion: 'Clase particular (hora)',
      familia: 'REFU',
      precio: '25.0000',
      iva: 'EXENTO',
      servicio: true,
      unidad: 'h',
    },
    {
      Codigo: 'LIB-B1',
      Descripcion: 'Libro de texto inglés B1',
      familia: 'MATE',
      precio: '32.0000',
      coste: '22.0000',
      iva: 'IVA4',
      stock: ['40', '10'],
      ean: '978849900001',
    },
    {
      Codigo: 'LIB-B2',
      Descripcion: 'Libro de texto inglés B2',
      familia: 'MATE',
      precio: '34.0000',
      coste: '23.5000',
      iva: 'IVA4',
      stock: ['35', '8'],
      ean: '978849900002',
    },
    {
      Codigo: 'CUA-001',
      Descripcion: 'Cuaderno de ejercicios',
      familia: 'MATE',
      precio: '6.5000',
      coste: '2.1000',
      iva: 'IVA21',
      stock: ['120', '30'],
      ean: '841234600001',
    },
  ],
  clientes: [
    [
      'Elena García Ruiz',
      null,
      demoDni(51234567),
      place('Calle de Toledo 45, 2.º A', '28005', 'Madrid'),
      'PARTICULARES',
    ],
    [
      'Pablo Sanz Moreno',
      null,
      demoDni(52345678),
      place('Calle de Embajadores 100', '28012', 'Madrid'),
      'PARTICULARES',
    ],
    ['Ana Belén Castro Díaz', null, demoDni(53456789), place('Calle de Atocha 30', '28012', 'Madrid'), 'PARTICULARES'],
    [
      'Fundación Educativa Horizonte',
      null,
      demoCif('G', '2855667'),
      place('Calle de Princesa 5', '28008', 'Madrid'),
      'MAYORISTAS',
    ],
    [
      'Consultoría Global Idiomas SL',
      null,
      demoCif('B', '2866778'),
      place('Paseo de la Castellana 200', '28046', 'Madrid'),
      'MAYORISTAS',
    ],
    [
      'Raúl Ibáñez Torres',
      null,
      demoNie('Y', 2345678),
      place('Calle de Lavapiés 8', '28012', 'Madrid'),
      'PARTICULARES',
    ],
  ],
  potenciales: [
    ['Colegio Nuestra Señora del Pilar', demoCif('R', '2811555'), 'Visita comercial'],
    ['Marta Jiménez Soler', demoDni(48776655), 'Formulario web'],
  ],
  proveedores: [
    [
      'Editorial Lingua Ediciones SL',
      demoCif('B', '2822334'),
      place('Calle de Fuencarral 70', '28004', 'Madrid'),
      false,
    ],
    ['Papelería Técnica Madrid SL', demoCif('B', '2833445'), place('Calle de Hortaleza 12', '28004', 'Madrid'), false],
    ['Limpiezas Brillo SL', demoCif('B', '2844556'), place('Calle de Méndez Álvaro 9', '28045', 'Madrid'), true],
  ],
  empleados: [
    ['P001', 'Andrés', 'Sánchez Vera', 'Profesor de inglés'],
    ['P002', 'Lorena', 'Pastor Quintana', 'Profesora de matemáticas'],
    ['A001', 'Pilar', 'Gómez Lara', 'Secretaría'],
  ],
  almacenes: [
    ['CENTRAL', 'Secretaría', place('Calle Mayor 1', '28013', 'Madrid')],
    ['AULA2', 'Aula 2 (armario)', place('Calle Mayor 1', '28013', 'Madrid')],
  ],
  textos: ['Enseñanza exenta de IVA (art. 20.Uno.9.º LIVA)', 'Las mensualidades se cobran del 1 al 5 de cada mes', ''],
  bankBranch: '0813',
};

const AUTOESCUELA: CompanySeed = {
  codigo: 'AUTOESCUELA',
  empresa: {
    ...place('Avenida de Andalucía 34', '29007', 'Málaga'),
    Telefono: '952 100 200',
    Email: 'info@autoescuelademo.es',
    Web: 'https://autoescuelademo.es',
    NombreComercial: 'Autoescuela Demo',
    RegistroMercantil: 'Registro Mercantil de Málaga, tomo 5.210, folio 12, hoja MA-120300',
  },
  familias: [
    ['MATR', 'Matrículas', null],
    ['PRAC', 'Clases prácticas', null],
    ['TASA', 'Tasas y suplidos', null],
    ['MATE', 'Material', null],
  ],
  productos: [
    {
      Codigo: 'MAT-B',
      Descripcion: 'Matrícula permiso B',
      familia: 'MATR',
      precio: '150.0000',
      iva: 'IVA21',
      servicio: true,
    },
    {
      Codigo: 'MAT-A2',
      Descripcion: 'Matrícula permiso A2',
      familia: 'MATR',
      precio: '180.0000',
      iva: 'IVA21',
      servicio: true,
    },
    {
      Codigo: 'PRA-B45',
      Descripcion: 'Clase práctica coche (45 min)',
      familia: 'PRAC',
      precio: '38.0000',
      iva: 'IVA21',
      servicio: true,
    },
    {
      Codigo: 'PRA-A45',
      Descripcion: 'Clase práctica moto (45 min)',
      familia: 'PRAC',
      precio: '42.0000',
      iva: 'IVA21',
      servicio: true,
    },
    {
      Codigo: 'PRE-EXA',
      Descripcion: 'Presentación a examen práctico',
      familia: 'PRAC',
      precio: '90.0000',
      iva: 'IVA21',
      servicio: true,
    },
    {
      Codigo: 'TAS-DGT',
      Descripcion: 'Tasa DGT examen (suplido)',
      familia: 'TASA',
      precio: '94.0500',
      iva: 'EXENTO',
      servicio: true,
    },
    {
      Codigo: 'LIB-TEST',
      Descripcion: 'Libro de test permiso B',
      familia: 'MATE',
      precio: '25.0000',
      coste: '14.0000',
      iva: 'IVA4',
      stock: ['50', '15'],
      ean: '978849900101',
    },
    {
      Codigo: 'CHA-REF',
      Descripcion: 'Chaleco reflectante',
      familia: 'MATE',
      precio: '6.0000',
      coste: '2.5000',
      iva: 'IVA21',
      stock: ['60', '20'],
      ean: '841234700001',
    },
  ],
  clientes: [
    ['Laura Ortega Muñoz', null, demoDni(74123456), place('Calle Larios 10', '29005', 'Málaga'), 'PARTICULARES'],
    [
      'Daniel Romero Castillo',
      null,
      demoDni(74234567),
      place('Avenida de Velázquez 150', '29003', 'Málaga'),
      'PARTICULARES',
    ],
    ['Cristina Molina Rey', null, demoDni(74345678), place('Calle Ancha 3', '29601', 'Marbella'), 'PARTICULARES'],
    [
      'Transportes Costa del Sol SL',
      null,
      demoCif('B', '2977889'),
      place('Polígono Guadalhorce, calle Cómpeta 5', '29004', 'Málaga'),
      'MAYORISTAS',
    ],
    ['Youssef El Amrani', null, demoNie('X', 9876543), place('Calle Cruz Verde 20', '29013', 'Málaga'), 'PARTICULARES'],
  ],
  potenciales: [
    ['Irene Vázquez Paredes', demoDni(74556677), 'Instagram'],
    ['Logística Axarquía SL', demoCif('B', '2988990'), 'Llamada (CAP)'],
  ],
  proveedores: [
    [
      'Concesionario Motor Málaga SA',
      demoCif('A', '2912345'),
      place('Avenida de Ortega y Gasset 300', '29006', 'Málaga'),
      false,
    ],
    [
      'Estación de Servicio Los Ángeles SL',
      demoCif('B', '2923456'),
      place('Carretera de Cádiz km 5', '29004', 'Málaga'),
      true,
    ],
    ['Seguros Andaluces Mutua', demoCif('V', '2934567'), place('Calle Alameda Principal 21', '29001', 'Málaga'), true],
  ],
  empleados: [
    ['I001', 'Sergio', 'Molina Campos', 'Profesor de formación vial'],
    ['I002', 'Natalia', 'Reina Ortiz', 'Profesora de formación vial'],
    ['A001', 'Raúl', 'Navarro Gil', 'Administración'],
  ],
  almacenes: [
    ['CENTRAL', 'Oficina Andalucía', place('Avenida de Andalucía 34', '29007', 'Málaga')],
    ['MARBELLA', 'Oficina Marbella', place('Avenida Ricardo Soriano 12', '29601', 'Marbella')],
  ],
  textos: [
    'Las tasas de Tráfico son suplidos (art. 78.Tres.3.º LIVA)',
    'Clase cancelada con menos de 24 h: se cobra',
    '',
  ],
  bankBranch: '2211',
  examinadores: [
    ['EX-MA1', 'Francisco Javier Ruiz Peña', 'Málaga'],
    ['EX-MA2', 'Carmen Delgado Luque', 'Málaga'],
  ],
};

export const DEMO_MASTER_DATA: CompanySeed[] = [DEMO, ACADEMIA, AUTOESCUELA];

// ---------------------------------------------------------------- writing
/** Inserts rows of an entity table for one company and returns them (also used by `datosInicialesEmpresa`). */
export async function insert(db: Db, table: EntityTable, empresaId: number, rows: Record<string, unknown>[]) {
  if (!rows.length) return [] as Record<string, unknown>[];
  return (await db
    .insert(table)
    .values(rows.map((r) => ({ ...r, empresaId })) as never)
    .returning()) as Record<string, unknown>[];
}
export const byCode = (rows: Record<string, unknown>[], key = 'Codigo') =>
  new Map(rows.map((r) => [String(r[key]), r.Id as number]));

const BANKS = ['2100', '0049', '0182', '0081', '0128', '1465'];

async function seedCompany(db: Db, c: CompanySeed, n: number): Promise<void> {
  const [e] = await db.select().from(empresas).where(eq(empresas.codigo, c.codigo));
  if (!e) return;
  const emp = e.id;
  await db
    .update(empresas)
    .set({
      nombreComercial: c.empresa.NombreComercial,
      registroMercantil: c.empresa.RegistroMercantil,
      direccion: c.empresa.Direccion,
      codPostal: c.empresa.CodPostal,
      poblacion: c.empresa.Poblacion,
      provincia: provinciaDeCodigoPostal(c.empresa.CodPostal),
      pais: 'ES',
      telefono: c.empresa.Telefono,
      email: c.empresa.Email,
      web: c.empresa.Web,
      // Companies with sales reps have the module on.
      modulos: { ...(e.modulos as Record<string, boolean>), ActComerciales: true },
    })
    .where(eq(empresas.id, emp));
  const [central] = (await db
    .select()
    .from(centrosTable)
    .where(eq(col(centrosTable, 'empresaId'), emp))
    .limit(1)) as Record<string, unknown>[];

  const iva = byCode(
    await insert(db, tiposivaTable, emp, [...TIPOS_IVA_DEFECTO[impuestoDe(e.tributacion as Tributacion)]] as never),
    'Valor',
  );
  const tesoreria = byCode(
    await insert(db, tesoreriaTable, emp, [
      {
        Codigo: 'CAJA',
        Nombre: 'Caja',
        Tipo: 'caja',
        CuentaContable: '5700000000',
        SaldoInicial: '300.00',
        Arqueable: true,
      },
      {
        Codigo: 'BANCO',
        Nombre: 'Cuenta corriente principal',
        Tipo: 'banco',
        IBAN: ibanDeCuenta('2100', c.bankBranch, `02000${String(51332 + n).padStart(5, '0')}`),
        BIC: 'CAIXESBBXXX',
        Entidad: 'CaixaBank',
        SufijoAcreedor: '000',
        CuentaContable: '5720000001',
        SaldoInicial: '12500.00',
      },
      {
        Codigo: 'BANCO2',
        Nombre: 'Cuenta de remesas',
        Tipo: 'banco',
        IBAN: ibanDeCuenta('0049', '1500', `05${String(10000000 + n * 7919).slice(0, 8)}`),
        BIC: 'BSCHESMMXXX',
        Entidad: 'Banco Santander',
        SufijoAcreedor: '001',
        CuentaContable: '5720000002',
        SaldoInicial: '0.00',
      },
    ]),
  );
  const fpago = byCode(
    await insert(
      db,
      fpagoTable,
      emp,
      [
        {
          Codigo: 'CONTADO',
          Descripcion: 'Contado (efectivo)',
          Medio: 'efectivo',
          Plazos: 1,
          DiasPrimerPlazo: 0,
          DiasEntrePlazos: 0,
        },
        {
          Codigo: 'TARJETA',
          Descripcion: 'Tarjeta',
          Medio: 'tarjeta',
          Plazos: 1,
          DiasPrimerPlazo: 0,
          DiasEntrePlazos: 0,
        },
        {
          Codigo: 'TRANSF30',
          Descripcion: 'Transferencia a 30 días',
          Medio: 'transferencia',
          Plazos: 1,
          DiasPrimerPlazo: 30,
          DiasEntrePlazos: 0,
        },
        {
          Codigo: 'RECIBO30',
          Descripcion: 'Recibo domiciliado a 30 días',
          Medio: 'domiciliacion',
          Plazos: 1,
          DiasPrimerPlazo: 30,
          DiasEntrePlazos: 0,
        },
        {
          Codigo: 'R306090',
          Descripcion: 'Recibo domiciliado 30-60-90',
          Medio: 'domiciliacion',
          Plazos: 3,
          DiasPrimerPlazo: 30,
          DiasEntrePlazos: 30,
        },
        { Codigo: 'BIZUM', Descripcion: 'Bizum', Medio: 'bizum', Plazos: 1, DiasPrimerPlazo: 0, DiasEntrePlazos: 0 },
      ].map((f) => ({ ...f, IdCuentaTesoreria: tesoreria.get(f.Medio === 'efectivo' ? 'CAJA' : 'BANCO') })),
    ),
  );

  const seriesRows = await insert(db, seriesTable, emp, [
    {
      Codigo: 'P',
      Descripcion: 'Presupuestos',
      TipoDocumento: 'presupuesto',
      Prefijo: 'P',
      ReinicioAnual: true,
      Defecto: true,
    },
    {
      Codigo: 'PE',
      Descripcion: 'Pedidos de clientes',
      TipoDocumento: 'pedido',
      Prefijo: 'PE',
      ReinicioAnual: true,
      Defecto: true,
    },
    {
      Codigo: 'A',
      Descripcion: 'Albaranes de venta',
      TipoDocumento: 'albaran',
      Prefijo: 'A',
      ReinicioAnual: true,
      Defecto: true,
    },
    {
      Codigo: 'F',
      Descripcion: 'Facturas',
      TipoDocumento: 'factura',
      Prefijo: 'F',
      ReinicioAnual: true,
      Defecto: true,
    },
    {
      Codigo: 'R',
      Descripcion: 'Facturas rectificativas',
      TipoDocumento: 'rectificativa',
      Prefijo: 'R',
      ReinicioAnual: true,
      Defecto: true,
    },
    {
      Codigo: 'S',
      Descripcion: 'Facturas simplificadas',
      TipoDocumento: 'simplificada',
      Prefijo: 'T',
      ReinicioAnual: true,
      Defecto: true,
    },
    {
      Codigo: 'RS',
      Descripcion: 'Rectificativas de simplificadas',
      TipoDocumento: 'rectificativasimplificada',
      Prefijo: 'RT',
      ReinicioAnual: true,
      Defecto: true,
    },
    { Codigo: 'G', Descripcion: 'Gastos', TipoDocumento: 'gasto', Prefijo: 'G', ReinicioAnual: true, Defecto: true },
    {
      Codigo: 'PC',
      Descripcion: 'Pedidos a proveedores',
      TipoDocumento: 'pedidocompra',
      Prefijo: 'PC',
      ReinicioAnual: true,
      Defecto: true,
    },
    {
      Codigo: 'AC',
      Descripcion: 'Albaranes de compra',
      TipoDocumento: 'albarancompra',
      Prefijo: 'AC',
      ReinicioAnual: true,
      Defecto: true,
    },
    {
      Codigo: 'FC',
      Descripcion: 'Facturas de compra',
      TipoDocumento: 'facturacompra',
      Prefijo: 'FC',
      ReinicioAnual: true,
      Defecto: true,
    },
  ]);
  const serie = (codigo: string) => seriesRows.find((s) => s.Codigo === codigo)?.Id;
  for (const [factura, rect] of [
    ['F', 'R'],
    ['S', 'RS'],
  ] as const) {
    await db
      .update(seriesTable)
      .set({ IdSerieRectificativa: serie(rect) } as never)
      .where(eq(col(seriesTable, 'Id'), serie(factura) as number));
  }

  await insert(db, conceptosmovsTable, emp, [
    { Codigo: 'COBFAC', Descripcion: 'Cobro de factura', Tipo: 'cobro', CuentaContable: '4300000000' },
    { Codigo: 'PAGFAC', Descripcion: 'Pago de factura de proveedor', Tipo: 'pago', CuentaContable: '4000000000' },
    { Codigo: 'COMBAN', Descripcion: 'Comisiones bancarias', Tipo: 'pago', CuentaContable: '6260000000' },
    { Codigo: 'NOMINA', Descripcion: 'Pago de nóminas', Tipo: 'pago', CuentaContable: '4650000000' },
    { Codigo: 'TRASP', Descripcion: 'Traspaso entre cuentas', Tipo: 'manual' },
    { Codigo: 'INGCAJA', Descripcion: 'Ingreso de caja en banco', Tipo: 'manual' },
  ]);
  const sit = byCode(
    await insert(db, sitlaboralTable, emp, [
      { Codigo: 'ALTA', Descripcion: 'En activo', Activo: true },
      { Codigo: 'VACAC', Descripcion: 'Vacaciones', Activo: false },
      { Codigo: 'BAJAMED', Descripcion: 'Incapacidad temporal', Activo: false },
      { Codigo: 'EXCED', Descripcion: 'Excedencia', Activo: false },
    ]),
  );
  const contratos = await insert(db, contratosTable, emp, [
    {
      Tipo: 'indefinido',
      IdCentro: central?.Id ?? null,
      Descripcion: 'Indefinido a jornada completa',
      JornadaSemanal: '40.00',
    },
    {
      Tipo: 'indefinido',
      IdCentro: central?.Id ?? null,
      Descripcion: 'Indefinido a tiempo parcial',
      JornadaSemanal: '20.00',
    },
    {
      Tipo: 'fijodiscontinuo',
      IdCentro: central?.Id ?? null,
      Descripcion: 'Fijo discontinuo (temporada)',
      JornadaSemanal: '30.00',
    },
  ]);
  await insert(db, segmentacionTable, emp, [
    { Codigo: 'VIP', Descripcion: 'Clientes preferentes' },
    { Codigo: 'NUEVOS', Descripcion: 'Altas del último trimestre' },
    { Codigo: 'INACT', Descripcion: 'Sin compras en 12 meses' },
  ]);
  await insert(db, plantemailTable, emp, [
    {
      Nombre: 'Envío de factura',
      Tipo: 'factura',
      Asunto: 'Factura {Documento}',
      Cuerpo:
        '<p>Hola {Nombre}:</p><p>Te enviamos la factura <b>{Documento}</b> por importe de {Importe}.</p><p>Un saludo.</p>',
    },
    {
      Nombre: 'Recordatorio de cobro',
      Tipo: 'recordatorio',
      Asunto: 'Recordatorio: factura {Documento} pendiente',
      Cuerpo:
        '<p>Hola {Nombre}:</p><p>La factura {Documento} venció el {Vencimiento}. Si ya la has pagado, ignora este mensaje.</p>',
    },
    {
      Nombre: 'Envío de presupuesto',
      Tipo: 'presupuesto',
      Asunto: 'Presupuesto {Documento}',
      Cuerpo: '<p>Hola {Nombre}:</p><p>Adjuntamos el presupuesto solicitado. Quedamos a tu disposición.</p>',
    },
  ]);

  // Catalogue
  const familias = new Map<string, number>();
  for (const [Codigo, Nombre, padre] of c.familias) {
    const [row] = await insert(db, familiasTable, emp, [
      { Codigo, Nombre, IdFamiliaPadre: padre ? familias.get(padre) : null, CuentaVentas: null },
    ]);
    familias.set(Codigo, row!.Id as number);
  }
  const productos = byCode(
    await insert(
      db,
      productosTable,
      emp,
      c.productos.map((p) => ({
        Codigo: p.Codigo,
        Descripcion: p.Descripcion,
        Tipo: p.servicio ? 'servicio' : 'producto',
        IdFamilia: familias.get(p.familia),
        CodigoBarras: p.ean ? demoEan(p.ean) : null,
        Unidad: p.unidad ?? (p.servicio ? 'servicio' : 'ud'),
        PrecioVenta: p.precio,
        PrecioCompra: p.coste ?? null,
        IdTipoIva: iva.get(p.iva),
        ControlStock: !!p.stock,
        StockMinimo: p.stock ? '5.000' : null,
        Trazabilidad: p.traza ?? 'ninguna',
        CuentaVentas: p.servicio ? '7050000000' : '7000000000',
        CuentaCompras: p.servicio ? null : '6000000000',
      })),
    ),
  );
  const first = c.productos[0]!;
  const tarifas = byCode(
    await insert(db, tarifasTable, emp, [
      { Codigo: 'MAYOR', Nombre: 'Tarifa mayoristas', DescuentoGeneral: '10.00' },
      {
        Codigo: 'PROMO',
        Nombre: 'Promoción de primavera',
        DescuentoGeneral: '5.00',
        FechaDesde: '2026-03-01',
        FechaHasta: '2026-05-31',
      },
    ]),
  );
  await insert(db, tarifaslineasTable, emp, [
    { IdTarifa: tarifas.get('MAYOR'), IdFamilia: familias.get(c.familias[0]![0]), Tipo: 'descuento', Valor: '15.0000' },
    {
      IdTarifa: tarifas.get('MAYOR'),
      IdProducto: productos.get(first.Codigo),
      Tipo: 'precio',
      Valor: (Number(first.precio) * 0.8).toFixed(4),
    },
    {
      IdTarifa: tarifas.get('MAYOR'),
      IdProducto: productos.get(first.Codigo),
      Tipo: 'precio',
      Valor: (Number(first.precio) * 0.75).toFixed(4),
      CantidadMinima: '10.000',
    },
    {
      IdTarifa: tarifas.get('PROMO'),
      IdFamilia: familias.get(c.familias[c.familias.length - 1]![0]),
      Tipo: 'descuento',
      Valor: '20.0000',
    },
  ]);
  const grupos = byCode(
    await insert(db, gruposctoTable, emp, [
      { Codigo: 'MAYORISTAS', Nombre: 'Mayoristas y empresas', IdTarifa: tarifas.get('MAYOR') },
      { Codigo: 'MINORISTAS', Nombre: 'Profesionales y comercios' },
      { Codigo: 'PARTICULARES', Nombre: 'Particulares' },
    ]),
  );
  const almacenes = byCode(
    await insert(
      db,
      almacenesTable,
      emp,
      c.almacenes.map(([Codigo, Nombre, p]) => ({ Codigo, Nombre, ...p, IdCentro: central?.Id ?? null })),
    ),
  );
  const [almA, almB] = c.almacenes.map(([code]) => almacenes.get(code) as number);
  await insert(
    db,
    examinadoresTable,
    emp,
    (c.examinadores ?? []).map(([Codigo, Nombre, JefaturaTrafico]) => ({ Codigo, Nombre, JefaturaTrafico })),
  );
  const stockRows: Record<string, unknown>[] = [];
  const moves: Record<string, unknown>[] = [];
  const fecha = '2026-01-02T08:00:00.000Z';
  for (const p of c.productos.filter((x) => x.stock)) {
    const [qa, qb] = p.stock!;
    for (const [alm, q] of [
      [almA, qa],
      [almB, qb],
    ] as const) {
      const Cantidad = `${q}.000`;
      stockRows.push({ IdProducto: productos.get(p.Codigo), IdAlmacen: alm, Cantidad });
      moves.push({
        Fecha: fecha,
        Tipo: 'ajuste',
        IdProducto: productos.get(p.Codigo),
        IdAlmacen: alm,
        Cantidad,
        StockResultante: Cantidad,
        Motivo: 'Inventario inicial',
        UserName: 'demo',
      });
    }
  }
  await insert(db, stockTable, emp, stockRows);
  await insert(db, movimientosstockTable, emp, moves);

  // People
  const empleados = byCode(
    await insert(
      db,
      empleadosTable,
      emp,
      c.empleados.map(([Codigo, Nombre, apellidos, Puesto], i) => {
        const [Apellido1, Apellido2] = apellidos.split(' ');
        const dni = 30_000_000 + n * 1_000_000 + i * 12_345;
        return {
          Codigo,
          Nombre,
          Apellido1,
          Apellido2: Apellido2 ?? null,
          NIF: demoDni(dni),
          NumSeguridadSocial: demoNaf(c.empresa.CodPostal.slice(0, 2), String(10_000_000 + (dni % 89_999_999))),
          FechaNacimiento: `19${80 + i}-0${(i % 9) + 1}-1${i}`,
          Email: `${Nombre.toLowerCase()
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')}@${c.empresa.Email.split('@')[1]}`,
          Telefono: `6${String(10_000_000 + dni).slice(0, 8)}`,
          ...place(c.empresa.Direccion, c.empresa.CodPostal, c.empresa.Poblacion),
          Puesto,
          IdCentro: central?.Id ?? null,
          IdContrato: contratos[0]?.Id,
          IdSitLaboral: sit.get('ALTA'),
          FechaAlta: `20${18 + i}-09-01`,
          IBAN: ibanDeCuenta(BANKS[i % BANKS.length] as string, '3001', String(4_000_000_000 + dni).slice(0, 10)),
        };
      }),
    ),
  );
  const comerciales = byCode(
    await insert(db, comercialesTable, emp, [
      {
        Codigo: 'COM1',
        Nombre: `${c.empleados[0]![1]} ${c.empleados[0]![2]}`,
        Email: `ventas@${c.empresa.Email.split('@')[1]}`,
        Zona: 'Zona centro',
        Comision: '3.00',
        IdEmpleado: empleados.get(c.empleados[0]![0]),
      },
      {
        Codigo: 'COM2',
        Nombre: 'Agencia Comercial Ibérica SL',
        NIF: demoCif('B', String(2_900_000 + n * 1111)),
        Telefono: '600 111 222',
        Zona: 'Resto de España',
        Comision: '7.50',
        RetencionIrpf: '15.00',
      },
    ]),
  );

  // Contacts
  await insert(
    db,
    clientesTable,
    emp,
    c.clientes.map(([Nombre, NombreComercial, nif, p, grupo], i) => {
      const empresaCliente = /^[A-W]/.test(nif) && !/^[XYZ]/.test(nif);
      return {
        Codigo: String(i + 1).padStart(6, '0'),
        Nombre,
        NombreComercial,
        TipoNIF: 'nif',
        NIF: nif,
        ...p,
        Email: `contacto${i + 1}@${empresaCliente ? 'empresa' : 'correo'}-demo.es`,
        Telefono: `9${String(10_000_000 + i * 1_234_567).slice(0, 8)}`,
        Movil: empresaCliente ? null : `6${String(20_000_000 + i * 7_654_321).slice(0, 8)}`,
        Contactos: empresaCliente
          ? [
              {
                Nombre: 'Departamento de compras',
                Cargo: 'Compras',
                Email: `compras${i + 1}@empresa-demo.es`,
                Telefono: null,
              },
            ]
          : [],
        DireccionesEnvio:
          i === 0
            ? [
                {
                  Nombre: 'Obra Vallecas',
                  Direccion: 'Calle de Sierra Toledana 8',
                  CodPostal: '28038',
                  Poblacion: 'Madrid',
                  Provincia: '28',
                  Pais: 'ES',
                  Defecto: true,
                },
                {
                  Nombre: 'Almacén Getafe',
                  Direccion: 'Calle de la Carpintería 3',
                  CodPostal: '28906',
                  Poblacion: 'Getafe',
                  Provincia: '28',
                  Pais: 'ES',
                  Defecto: false,
                },
              ]
            : [],
        IdGrupo: grupos.get(grupo ?? 'PARTICULARES'),
        IdTarifa: grupo === 'MAYORISTAS' ? null : i % 4 === 1 ? tarifas.get('PROMO') : null,
        IdComercial: comerciales.get(i % 2 ? 'COM2' : 'COM1'),
        Descuento: grupo === 'MAYORISTAS' ? '2.00' : null,
        LimiteCredito: empresaCliente ? '6000.00' : null,
        IdFormaPago: fpago.get(empresaCliente ? 'RECIBO30' : 'CONTADO'),
        DiaPago1: empresaCliente && i % 3 === 0 ? 10 : null,
        DiaPago2: empresaCliente && i % 3 === 0 ? 25 : null,
        IBAN:
          empresaCliente || i % 2 === 0
            ? ibanDeCuenta(BANKS[i % BANKS.length] as string, '0101', String(1_000_000_000 + i * 97_531).slice(0, 10))
            : null,
        MandatoRef: empresaCliente ? `MAND-${String(i + 1).padStart(6, '0')}` : null,
        MandatoFecha: empresaCliente ? '2025-01-15' : null,
        RegimenIva: 'general',
        RetencionIrpf: null,
        CuentaContable: `43000${String(i + 1).padStart(5, '0')}`,
        Observaciones: i === 0 ? 'Entregar por la mañana. Pedir albarán firmado.' : null,
      };
    }),
  );
  await insert(
    db,
    clientespotTable,
    emp,
    c.potenciales.map(([Nombre, nif, Origen], i) => ({
      Codigo: `P${String(i + 1).padStart(5, '0')}`,
      Nombre,
      TipoNIF: 'nif',
      NIF: nif,
      ...place(c.empresa.Direccion, c.empresa.CodPostal, c.empresa.Poblacion),
      Email: `interesado${i + 1}@correo-demo.es`,
      Telefono: `6${String(30_000_000 + i * 3_333_333).slice(0, 8)}`,
      Contactos: [],
      IdComercial: comerciales.get('COM1'),
      Origen,
    })),
  );
  await insert(
    db,
    proveedoresTable,
    emp,
    c.proveedores.map(([Nombre, nif, p, acreedor], i) => ({
      Codigo: String(i + 1).padStart(6, '0'),
      Nombre,
      TipoNIF: 'nif',
      NIF: nif,
      ...p,
      Email: `pedidos${i + 1}@proveedor-demo.es`,
      Telefono: `9${String(40_000_000 + i * 2_222_222).slice(0, 8)}`,
      Contactos: [
        {
          Nombre: 'Atención comercial',
          Cargo: 'Comercial',
          Email: `comercial${i + 1}@proveedor-demo.es`,
          Telefono: null,
        },
      ],
      Acreedor: acreedor,
      IdFormaPago: fpago.get('TRANSF30'),
      IBAN: ibanDeCuenta(
        BANKS[(i + 2) % BANKS.length] as string,
        '2202',
        String(2_000_000_000 + i * 123_457).slice(0, 10),
      ),
      RegimenIva: 'general',
      RetencionIrpf: /Gestoría/.test(Nombre) ? '15.00' : null,
      CuentaContable: `${acreedor ? '410' : '400'}00${String(i + 1).padStart(5, '0')}`,
    })),
  );

  await insert(db, configuraTable, emp, [
    {
      VentasTxtLibre1: c.textos[0],
      VentasTxtLibre2: c.textos[1] || null,
      VentasTxtLibre3: c.textos[2] || null,
      DiasValidezPresupuesto: 30,
      IdFormaPago: fpago.get('TRANSF30'),
      IdTipoIva: iva.get('IVA21'),
      IdTarifa: null,
      IdAlmacen: almA,
      IdCuentaTesoreria: tesoreria.get('BANCO'),
      EmailCopia: c.empresa.Email,
      PieDocumentos: c.empresa.RegistroMercantil,
      TextoProteccionDatos:
        'Responsable: la empresa emisora. Finalidad: gestionar la relación comercial. Derechos: acceso, rectificación, supresión y demás, escribiendo a la dirección de la empresa.',
    },
  ]);
}

/** Seeds the master data of the demo companies that exist (called by seedDemo, inside its transaction). */
export async function seedDemoMasterData(db: Db): Promise<void> {
  let n = 0;
  for (const company of DEMO_MASTER_DATA) await seedCompany(db, company, n++);
}
