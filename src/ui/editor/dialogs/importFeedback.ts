/** Wording of the import results (pure, unit-tested). */
import { MESSAGES } from '../../../state/model';

/** "Imported mind map with 12 nodes", plus a short note of what was repaired, if anything. */
export function importSuccessMessage(count: number, repairs: readonly string[]): string {
  const base = MESSAGES.importBody(count);
  if (repairs.length === 0) return base;
  const shown = repairs.slice(0, 3).join('; ');
  const more = repairs.length > 3 ? `; and ${repairs.length - 3} more` : '';
  return `${base}. Some data was repaired: ${shown}${more}.`;
}
