// Code page 437, the ESC/POS power-on default (ESC t 0), for bytes 0x80-0xFF.
// Till itself sends only ASCII as text; the decoder still reads what other
// software sends to the virtual printer.

const HIGH_HALF =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒ' + 'áíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐' + '└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀' + 'αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■ ';

export function decodeCp437Byte(byte: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  return HIGH_HALF[byte - 0x80] ?? '?';
}
