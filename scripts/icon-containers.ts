// Tiny writers for the two icon containers we ship: Windows .ico and macOS .icns, both holding PNG images
// (supported since Windows Vista and macOS 10.7), so no image library beyond the SVG renderer is needed.

export interface SizedPng {
  size: number;
  png: Buffer;
}

/** .ico: a 6-byte header, a 16-byte directory entry per image, then the PNG data. */
export function encodeIco(images: readonly SizedPng[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0); // 0 means 256
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt8(0, 2); // no palette
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    entries.push(e);
    offset += png.length;
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

/** PNG-backed .icns element types by pixel size (the @2x types reuse the larger renders). */
export const ICNS_TYPES: ReadonlyArray<{ type: string; size: number }> = [
  { type: 'icp4', size: 16 },
  { type: 'icp5', size: 32 },
  { type: 'ic11', size: 32 }, // 16@2x
  { type: 'icp6', size: 64 },
  { type: 'ic12', size: 64 }, // 32@2x
  { type: 'ic07', size: 128 },
  { type: 'ic08', size: 256 },
  { type: 'ic13', size: 256 }, // 128@2x
  { type: 'ic09', size: 512 },
  { type: 'ic14', size: 512 }, // 256@2x
  { type: 'ic10', size: 1024 }, // 512@2x
];

/** .icns: 'icns' + total length, then per element its four-letter type, its length (header included), its data. */
export function encodeIcns(pngBySize: ReadonlyMap<number, Buffer>): Buffer {
  const elements: Buffer[] = [];
  for (const { type, size } of ICNS_TYPES) {
    const png = pngBySize.get(size);
    if (!png) continue;
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    elements.push(head, png);
  }
  const body = Buffer.concat(elements);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
