/** MindFlow's own JSON carries positions; every other format is laid out on import. */
export function hasOwnPositions(read: { format: string }): boolean {
  return /json/i.test(read.format);
}
