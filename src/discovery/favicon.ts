/** The service's icon: a play triangle on a coin, as SVG (served at /favicon.svg). */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<circle cx="16" cy="16" r="15" fill="#2775ca"/><path d="M12 9v14l11-7z" fill="#fff"/></svg>`;

let ico: Promise<Buffer> | null = null;

/**
 * The same icon as /favicon.ico, which browsers and directories ask for by default: an ICO container
 * holding one 32x32 PNG (the ICO format allows PNG entries since Windows Vista). Rendered once.
 */
export function faviconIco(): Promise<Buffer> {
  // sharp is imported on the first request for it: a process that only takes requests loads no image library at start-up.
  ico ??= import('sharp')
    .then(({ default: sharp }) => sharp(Buffer.from(FAVICON_SVG)).resize(32, 32).png().toBuffer())
    .then((png) => {
      const header = Buffer.alloc(22);
      header.writeUInt16LE(0, 0); // reserved
      header.writeUInt16LE(1, 2); // type: icon
      header.writeUInt16LE(1, 4); // one image
      header.writeUInt8(32, 6); // width
      header.writeUInt8(32, 7); // height
      header.writeUInt8(0, 8); // no palette
      header.writeUInt8(0, 9); // reserved
      header.writeUInt16LE(1, 10); // colour planes
      header.writeUInt16LE(32, 12); // bits per pixel
      header.writeUInt32LE(png.length, 14); // image size
      header.writeUInt32LE(22, 18); // image offset
      return Buffer.concat([header, png]);
    });
  return ico;
}
