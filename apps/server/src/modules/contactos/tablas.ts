// Contacts (customers, potential customers, suppliers): searched by trigram on their search fields, found by NIF.
import { clientes, clientespot, proveedores } from '@faro/domain';
import { contactIndexes, entityTable } from '../../platform/db/entityTable.ts';

export const clientesTable = entityTable(clientes, {}, contactIndexes(clientes));
export const clientespotTable = entityTable(clientespot, {}, contactIndexes(clientespot));
export const proveedoresTable = entityTable(proveedores, {}, contactIndexes(proveedores));
