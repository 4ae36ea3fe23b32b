// The generic entity screens' chunk: the features' escape hatches (bespoke inputs, panels under the form, list
// actions) are registered before the screens render (ui/extensions.ts), so ui/ never imports a feature.
import '../features/catalogo/register.tsx';
import '../features/compras/register.tsx';
import '../features/comunicaciones/register.ts';
import '../features/configuracion/register.ts';
import '../features/contactos/register.ts';
import '../features/crm/register.tsx';
import '../features/efactura/envio/register.ts';
import '../features/empresa/register.tsx';
import '../features/importar/register.ts';
import '../features/personal/register.tsx';
import '../features/tesoreria/register.tsx';

export { EntityScreen } from '../ui/EntityScreen.tsx';
