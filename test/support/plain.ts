import { chooseContent } from '../../src/telnet/render.js';
import { unmarked } from '../../src/text/markup.js';

/**
 * Marked text as one kind of reader gets it, without colour: a sighted reader keeps the `art`
 * and not the `spoken` parts, a screen reader the other way round (the output path's own choice).
 */
export function plainFor(text: string, reader: 'sight' | 'speech'): string {
  return unmarked(chooseContent(text, reader === 'speech'));
}
