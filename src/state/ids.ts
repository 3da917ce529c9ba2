import { nanoid } from 'nanoid';
import { ID_LENGTH } from './model';

let generate: () => string = () => nanoid(ID_LENGTH);

export function newId(): string {
  return generate();
}

/** Tests make ids predictable with this; pass null to go back to random ids. */
export function setIdGenerator(fn: (() => string) | null): void {
  generate = fn ?? (() => nanoid(ID_LENGTH));
}
