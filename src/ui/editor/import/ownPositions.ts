/** MindFlow's own JSON carries positions (unless its topics came without any); every other format is laid out on import. */
export function hasOwnPositions(read: { format: string; positioned?: boolean }): boolean {
  return /json/i.test(read.format) && read.positioned !== false;
}
