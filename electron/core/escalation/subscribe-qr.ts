// Settings → Phone's QR code of the ntfy subscribe link (issue 50: "a QR code or link to subscribe"). The module
// matrix is made here in main, plain Node, from the link main already gives that page alone (phone:link): the page
// gets the matrix as rows of booleans and draws it (no image, no HTML from main), and the topic goes nowhere else.
import qrcode from 'qrcode-generator';
import type { QrMatrix } from '../../shared/phone-intent';

/** The link's bytes as UTF-8, one character per byte: qrcode-generator's byte mode takes each character's low 8 bits
 *  (a non-ASCII server name would otherwise be cut to garbage). A URL of ASCII is passed unchanged. */
const utf8Chars = (text: string): string => String.fromCharCode(...new TextEncoder().encode(text));

/** The QR code's modules (true: dark), row by row, without the quiet zone; error correction M (a phone's camera
 *  reads it off a screen), the smallest version that holds the link. */
export function qrMatrixOf(text: string): QrMatrix {
  const qr = qrcode(0, 'M');
  qr.addData(utf8Chars(text), 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, row) => Array.from({ length: n }, (_, col) => qr.isDark(row, col)));
}
