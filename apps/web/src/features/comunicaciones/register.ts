import { registerExtensions } from '../../ui/extensions.ts';
import { LazyTemplateBodyInput } from './LazyTemplateBodyInput.tsx';

registerExtensions({ inputs: { 'plantemail.Cuerpo': LazyTemplateBodyInput } });
